import Foundation

#if !canImport(UIKit) && !canImport(AppKit)
// UIKit and AppKit give `IndexPath` rows, items and sections; Linux Foundation does not, so
// table-style code written against a fetched results controller reads the same here.
extension IndexPath {
    /// The index path of the item (or row) `item` in section `section`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The index path of row `row` in section `section`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item within its section: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The row within its section: the second index, as `item`.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif
