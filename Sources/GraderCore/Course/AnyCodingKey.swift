import Foundation
import Yams

/// A coding key built from a string or an index, for paths made by hand.
struct AnyCodingKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    init(_ string: String) {
        self.init(stringValue: string)
    }

    init(_ index: Int) {
        self.init(intValue: index)
    }
}
