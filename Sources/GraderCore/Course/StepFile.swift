

/// A step: the word `relaunch` or `kill`, or a mapping with `call`, `kill_during` or `update`.
enum StepFile: Decodable {
    case relaunch
    case kill
    case call(CallFile)
    case killDuring(CallFile)
    case update(BundleEditsFile)

    private enum UpdateKey: String, CodingKey, CaseIterable { case update }

    init(from decoder: Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            switch word {
            case "relaunch": self = .relaunch
            case "kill": self = .kill
            default:
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "unknown step '\(word)'; a step is `relaunch`, `kill` or a mapping with `call:`, `kill_during:` or `update:`"))
            }
            return
        }
        if let keyed = try? decoder.container(keyedBy: UpdateKey.self), keyed.contains(.update) {
            try decoder.rejectUnknownKeys(UpdateKey.self)
            self = .update(try keyed.decode(BundleEditsFile.self, forKey: .update))
            return
        }
        let call = try CallFile(from: decoder)
        self = call.killsDuring ? .killDuring(call) : .call(call)
    }
}
