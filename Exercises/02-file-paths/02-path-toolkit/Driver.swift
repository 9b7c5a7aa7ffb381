import ExerciseKit
import Foundation

@main
enum PathToolkitDriver: ExerciseDriver {
    struct PathArgs: Decodable { var path: String }
    struct NamesArgs: Decodable { var names: [String] }
    struct JoinArgs: Decodable { var folder: String; var components: [String] }
    struct TitleArgs: Decodable { var title: String; var `extension`: String? }
    struct FileNameArgs: Decodable { var fileName: String }
    struct TitlesArgs: Decodable { var titles: [String] }
    struct NoteArgs: Decodable { var title: String; var text: String }

    /// Everything the toolkit says about one path.
    struct PathInfo: Encodable {
        var `extension`: String
        var baseName: String
        var parent: String
        var isImage: Bool
    }

    struct NameParts: Encodable {
        var `extension`: String
        var baseName: String
    }

    struct RoundTrip: Encodable {
        var fileName: String
        var title: String?
    }

    static var documents: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }

    static func register(_ app: inout Operations) {
        app.on("inspect") { (args: PathArgs) in
            PathInfo(extension: PathToolkit.fileExtension(of: args.path),
                     baseName: PathToolkit.baseName(of: args.path),
                     parent: PathToolkit.parent(of: args.path),
                     isImage: PathToolkit.isImage(args.path))
        }
        // Names inside Documents, for the generated cases.
        app.on("nameParts") { (args: NamesArgs) in
            args.names.map { name in
                let path = documents.path + "/" + name
                return NameParts(extension: PathToolkit.fileExtension(of: path), baseName: PathToolkit.baseName(of: path))
            }
        }
        app.on("join") { (args: JoinArgs) in PathToolkit.join(args.folder, args.components) }

        app.on("fileName") { (args: TitleArgs) in
            PathToolkit.fileName(forTitle: args.title, extension: args.extension ?? "txt")
        }
        app.on("title") { (args: FileNameArgs) in PathToolkit.title(fromFileName: args.fileName) }
        app.on("roundTrips") { (args: TitlesArgs) -> [RoundTrip] in
            args.titles.map { title in
                let fileName = PathToolkit.fileName(forTitle: title, extension: "txt")
                return RoundTrip(fileName: fileName, title: PathToolkit.title(fromFileName: fileName))
            }
        }

        // The notes app: one file per note in Documents, named after the note's title.
        app.on("saveNote") { (args: NoteArgs) in
            let url = documents.appending(path: PathToolkit.fileName(forTitle: args.title, extension: "txt"))
            try Data(args.text.utf8).write(to: url, options: .atomic)
        }
        app.on("saveNotes") { (args: TitlesArgs) in
            for title in args.titles {
                let url = documents.appending(path: PathToolkit.fileName(forTitle: title, extension: "txt"))
                try Data(title.utf8).write(to: url, options: .atomic)
            }
        }
        app.on("noteTitles") { () -> [String?] in
            try FileManager.default.contentsOfDirectory(atPath: documents.path)
                .sorted()
                .map(PathToolkit.title(fromFileName:))
        }
    }
}
