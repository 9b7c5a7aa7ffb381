#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Short messages with file descriptors attached (`SCM_RIGHTS`) over a Unix socket: how the
/// grader hands a launch's pipes to a waiting exercise binary (``LaunchServer``).
///
/// Written by hand because the C macros that lay out a control message (`CMSG_FIRSTHDR`,
/// `CMSG_DATA`, `CMSG_SPACE`) are not imported into Swift: one header, then the descriptors,
/// each part aligned to the size of a `size_t`.
public enum DescriptorPassing {
    /// The most descriptors one message carries.
    public static let maximumDescriptors = 8

    private static func aligned(_ size: Int) -> Int {
        let word = MemoryLayout<Int>.size
        return (size + word - 1) & ~(word - 1)
    }

    private static var headerSize: Int { aligned(MemoryLayout<cmsghdr>.size) }

    /// Sends `bytes` (at least one) with `descriptors` attached; false when the peer is gone.
    /// Never raises SIGPIPE.
    public static func send(_ socket: Int32, _ bytes: [UInt8], descriptors: [Int32] = []) -> Bool {
        precondition(!bytes.isEmpty && descriptors.count <= maximumDescriptors)
        var payload = bytes
        let space = descriptors.isEmpty ? 0 : headerSize + aligned(descriptors.count * MemoryLayout<Int32>.size)
        var control = [UInt8](repeating: 0, count: max(space, 1))
        return payload.withUnsafeMutableBytes { data -> Bool in
            control.withUnsafeMutableBytes { controlBytes -> Bool in
                var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer -> Bool in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    if space > 0 {
                        let header = controlBytes.baseAddress!.assumingMemoryBound(to: cmsghdr.self)
                        header.pointee.cmsg_len = headerSize + descriptors.count * MemoryLayout<Int32>.size
                        header.pointee.cmsg_level = SOL_SOCKET
                        header.pointee.cmsg_type = Int32(SCM_RIGHTS)
                        let slots = (controlBytes.baseAddress! + headerSize).assumingMemoryBound(to: Int32.self)
                        for (index, fd) in descriptors.enumerated() { slots[index] = fd }
                        message.msg_control = controlBytes.baseAddress
                        message.msg_controllen = space
                    }
                    while true {
                        let sent = sendmsg(socket, &message, Int32(MSG_NOSIGNAL))
                        if sent >= 0 { return true }
                        if errno != EINTR { return false }
                    }
                }
            }
        }
    }

    /// What one received message held.
    public struct Received {
        public var bytes: [UInt8]
        public var descriptors: [Int32]
    }

    /// Receives one message of up to 64 bytes; nil at end of stream or on an error. Descriptors
    /// arrive close-on-exec.
    public static func receive(_ socket: Int32) -> Received? {
        var payload = [UInt8](repeating: 0, count: 64)
        let space = headerSize + aligned(maximumDescriptors * MemoryLayout<Int32>.size)
        var control = [UInt8](repeating: 0, count: space)
        return payload.withUnsafeMutableBytes { data -> Received? in
            control.withUnsafeMutableBytes { controlBytes -> Received? in
                var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer -> Received? in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = space
                    var count = 0
                    while true {
                        count = recvmsg(socket, &message, Int32(MSG_CMSG_CLOEXEC))
                        if count >= 0 || errno != EINTR { break }
                    }
                    guard count > 0 else { return nil }
                    var descriptors: [Int32] = []
                    if message.msg_controllen >= headerSize {
                        let header = controlBytes.baseAddress!.assumingMemoryBound(to: cmsghdr.self)
                        if header.pointee.cmsg_level == SOL_SOCKET, header.pointee.cmsg_type == Int32(SCM_RIGHTS) {
                            let n = (Int(header.pointee.cmsg_len) - headerSize) / MemoryLayout<Int32>.size
                            let slots = (controlBytes.baseAddress! + headerSize).assumingMemoryBound(to: Int32.self)
                            descriptors = (0..<max(0, min(n, maximumDescriptors))).map { slots[$0] }
                        }
                    }
                    return Received(bytes: Array(data.prefix(count)), descriptors: descriptors)
                }
            }
        }
    }
}
