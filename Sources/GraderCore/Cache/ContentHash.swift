import Foundation

/// A 128-bit digest made of two FNV-1a-style 64-bit lanes, written as hex: the name of a
/// cache entry.
///
/// Not a cryptographic hash, and it need not be: every cache lookup also compares the stored
/// inputs byte for byte, so a collision costs a rebuild, never a wrong binary. (swift-crypto
/// would add about two minutes to every student's first build for no gain here.)
package enum ContentHash {
    package static func hex(of data: Data) -> String {
        var low: UInt64 = 0xcbf2_9ce4_8422_2325
        var high: UInt64 = 0x6c62_272e_07bb_0142
        for byte in data {
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            high = (high ^ UInt64(byte) ^ (low >> 29)) &* 0x0000_0100_0000_01b3
        }
        return String(format: "%016llx%016llx", high, low)
    }

    package static func hex(of text: String) -> String {
        hex(of: Data(text.utf8))
    }
}
