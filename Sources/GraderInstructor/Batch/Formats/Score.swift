import Foundation
import GraderCore

/// Numbers as the formats print them: at most two decimals, no trailing zeros (`5.56`, `10`).
enum Score {
    static func rounded(_ value: Double, places: Int = 2) -> Double {
        let factor = pow(10, Double(places))
        return (value * factor).rounded() / factor
    }

    static func text(_ value: Double) -> String {
        let rounded = rounded(value)
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
