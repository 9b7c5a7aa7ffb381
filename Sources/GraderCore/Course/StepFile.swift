

/// A step: the word `relaunch` or `kill`, or a mapping with `call` or `kill_during`.
enum StepFile: Decodable {
    case relaunch
    case kill
    case call(CallFile)
    case killDuring(CallFile)

    init(from decoder: Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            switch word {
            case "relaunch": self = .relaunch
            case "kill": self = .kill
            default:
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "unknown step '\(word)'; a step is `relaunch`, `kill` or a mapping with `call:` or `kill_during:`"))
            }
            return
        }
        let call = try CallFile(from: decoder)
        self = call.killsDuring ? .killDuring(call) : .call(call)
    }
}
