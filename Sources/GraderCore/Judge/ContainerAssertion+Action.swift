import Foundation

extension ContainerAssertion {
    /// The check as the result model records it.
    package var action: StepAction {
        .check(path: path, is: kind.rawValue, query: kind == .sqlite ? query : nil)
    }
}
