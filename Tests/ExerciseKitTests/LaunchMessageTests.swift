import Testing
@testable import ExerciseKit

/// The launch server's `L` message: a seed, then the phone's language, and nothing else that
/// could reach the launch's environment.
struct LaunchMessageTests {
    private let seed = [UInt8](0..<16)

    @Test func aSeedAndALanguageFollowTheKind() throws {
        let message = try #require(LaunchServer.launchMessage(hashingSeed: seed, language: "pt_BR.UTF-8"))
        #expect(message.first == LaunchServer.Message.launch.rawValue)
        #expect(Array(message[1...16]) == seed)
        #expect(String(decoding: message.dropFirst(17), as: UTF8.self) == "pt_BR.UTF-8")
        #expect(LaunchServer.launchMessage(hashingSeed: seed, language: nil) == [LaunchServer.Message.launch.rawValue] + seed)
        #expect(LaunchServer.launchMessage(hashingSeed: [], language: nil) == [LaunchServer.Message.launch.rawValue])
    }

    @Test(arguments: ["", "de_DE.UTF-8\nLD_PRELOAD=/tmp/x.so", "C=1", "a b", String(repeating: "x", count: 65), "tr_TR.UTF-8\u{0}"])
    func whatIsNotALocaleNameIsRefused(_ language: String) {
        #expect(LaunchServer.launchMessage(hashingSeed: seed, language: language) == nil)
    }

    @Test func aLanguageNeedsASeedBeforeIt() {
        #expect(LaunchServer.launchMessage(hashingSeed: [], language: "de_DE.UTF-8") == nil)
    }
}
