import Foundation

extension Step {
    /// The step as the result model records it.
    package var action: StepAction {
        switch self {
        case .call(let call): return .call(operation: call.operation, arguments: call.arguments)
        case .killDuring(let call): return .killDuring(operation: call.operation, arguments: call.arguments)
        case .relaunch: return .relaunch
        case .kill: return .kill
        case .update(let edits): return .update(BundleChanges(edits))
        }
    }
}
