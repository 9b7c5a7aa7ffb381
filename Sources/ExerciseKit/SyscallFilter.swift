#if canImport(Glibc)
import Glibc

/// The seccomp filter a launch installs on itself, before the driver runs, when its case kills
/// it at each change of its files: every system call that can change a file (a write, a
/// truncation, a creation, a rename, a removal, a link) stops and is reported to the launch
/// server, which sees it from outside the launch (``ChangeWatch``) and lets it go on or kills
/// the launch before it happens. An open is reported only when it can create or truncate; a
/// call of another architecture's table (a 32-bit `int 0x80`, x32) and `io_uring`, which
/// would go around the filter, fail with `ENOSYS`.
///
/// The filter is inherited by every thread and process the launch starts, and nothing the
/// launch does can remove it.
enum SyscallFilter {
    /// What a reported system call is, for ``ChangeWatch``: which of its arguments name the
    /// files it changes.
    enum Kind: Equatable {
        /// Writes through the descriptor in argument `fd`; no change when argument `count` is 0.
        case descriptor(fd: Int, count: Int?)
        /// Changes the files named by these arguments (each a path, with the argument holding
        /// the descriptor of the folder it is relative to, if any).
        case paths([Path])
        /// Opens the file `path`: a change when it truncates, or creates a file that was not there.
        /// `flags` is the argument holding the flags; nil for `creat`; for `openat2`, the
        /// argument pointing at its `open_how`.
        case open(path: Path, flags: Int?, flagsInMemory: Bool)

        struct Path: Equatable {
            var argument: Int
            var folder: Int?
        }
    }

    #if arch(x86_64)
    static let architecture: UInt32 = 0xC000_003E // AUDIT_ARCH_X86_64
    static let seccompCall = 317
    /// x86_64's numbers; above this bit is the x32 table.
    static let foreignBit: UInt32 = 0x4000_0000
    static let kinds: [Int32: Kind] = [
        1: .descriptor(fd: 0, count: 2), // write
        18: .descriptor(fd: 0, count: 2), // pwrite64
        20: .descriptor(fd: 0, count: 2), // writev
        296: .descriptor(fd: 0, count: 2), // pwritev
        328: .descriptor(fd: 0, count: 2), // pwritev2
        77: .descriptor(fd: 0, count: nil), // ftruncate
        285: .descriptor(fd: 0, count: nil), // fallocate
        40: .descriptor(fd: 0, count: 3), // sendfile
        275: .descriptor(fd: 2, count: 4), // splice
        326: .descriptor(fd: 2, count: 4), // copy_file_range
        76: .paths([.init(argument: 0)]), // truncate
        82: .paths([.init(argument: 0), .init(argument: 1)]), // rename
        264: .paths([.init(argument: 1, folder: 0), .init(argument: 3, folder: 2)]), // renameat
        316: .paths([.init(argument: 1, folder: 0), .init(argument: 3, folder: 2)]), // renameat2
        87: .paths([.init(argument: 0)]), // unlink
        263: .paths([.init(argument: 1, folder: 0)]), // unlinkat
        84: .paths([.init(argument: 0)]), // rmdir
        83: .paths([.init(argument: 0)]), // mkdir
        258: .paths([.init(argument: 1, folder: 0)]), // mkdirat
        133: .paths([.init(argument: 0)]), // mknod
        259: .paths([.init(argument: 1, folder: 0)]), // mknodat
        86: .paths([.init(argument: 1)]), // link
        265: .paths([.init(argument: 3, folder: 2)]), // linkat
        88: .paths([.init(argument: 1)]), // symlink
        266: .paths([.init(argument: 2, folder: 1)]), // symlinkat
        2: .open(path: .init(argument: 0), flags: 1, flagsInMemory: false), // open
        257: .open(path: .init(argument: 1, folder: 0), flags: 2, flagsInMemory: false), // openat
        437: .open(path: .init(argument: 1, folder: 0), flags: 2, flagsInMemory: true), // openat2
        85: .open(path: .init(argument: 0), flags: nil, flagsInMemory: false), // creat
    ]
    #elseif arch(arm64)
    static let architecture: UInt32 = 0xC000_00B7 // AUDIT_ARCH_AARCH64
    static let seccompCall = 277
    static let foreignBit: UInt32 = 0x8000_0000
    static let kinds: [Int32: Kind] = [
        64: .descriptor(fd: 0, count: 2), // write
        68: .descriptor(fd: 0, count: 2), // pwrite64
        66: .descriptor(fd: 0, count: 2), // writev
        70: .descriptor(fd: 0, count: 2), // pwritev
        287: .descriptor(fd: 0, count: 2), // pwritev2
        46: .descriptor(fd: 0, count: nil), // ftruncate
        47: .descriptor(fd: 0, count: nil), // fallocate
        71: .descriptor(fd: 0, count: 3), // sendfile
        76: .descriptor(fd: 2, count: 4), // splice
        285: .descriptor(fd: 2, count: 4), // copy_file_range
        45: .paths([.init(argument: 0)]), // truncate
        38: .paths([.init(argument: 1, folder: 0), .init(argument: 3, folder: 2)]), // renameat
        276: .paths([.init(argument: 1, folder: 0), .init(argument: 3, folder: 2)]), // renameat2
        35: .paths([.init(argument: 1, folder: 0)]), // unlinkat
        34: .paths([.init(argument: 1, folder: 0)]), // mkdirat
        33: .paths([.init(argument: 1, folder: 0)]), // mknodat
        37: .paths([.init(argument: 3, folder: 2)]), // linkat
        36: .paths([.init(argument: 2, folder: 1)]), // symlinkat
        56: .open(path: .init(argument: 1, folder: 0), flags: 2, flagsInMemory: false), // openat
        437: .open(path: .init(argument: 1, folder: 0), flags: 2, flagsInMemory: true), // openat2
    ]
    #endif

    /// `io_uring_setup`: the same number on every architecture.
    static let ioUringSetup: Int32 = 425
    /// `O_CREAT | O_TRUNC`, the flags that make an open a possible change.
    static let changingOpenFlags: UInt32 = 0o100 | 0o1000

    // Classic BPF, as seccomp runs it.
    private struct Instruction {
        var code: UInt16
        var jumpIfTrue: UInt8 = 0
        var jumpIfFalse: UInt8 = 0
        var value: UInt32
    }

    private struct Program {
        var length: UInt16
        var instructions: UnsafeMutablePointer<Instruction>?
    }

    private static let loadWord: UInt16 = 0x20 // BPF_LD | BPF_W | BPF_ABS
    private static let jumpIfEqual: UInt16 = 0x15 // BPF_JMP | BPF_JEQ | BPF_K
    private static let jumpIfAtLeast: UInt16 = 0x35 // BPF_JMP | BPF_JGE | BPF_K
    private static let jumpIfAnyBit: UInt16 = 0x45 // BPF_JMP | BPF_JSET | BPF_K
    private static let returnValue: UInt16 = 0x06 // BPF_RET | BPF_K
    private static let allow: UInt32 = 0x7FFF_0000 // SECCOMP_RET_ALLOW
    private static let notify: UInt32 = 0x7FC0_0000 // SECCOMP_RET_USER_NOTIF
    private static let noSuchCall: UInt32 = 0x0005_0000 | UInt32(ENOSYS) // SECCOMP_RET_ERRNO

    /// Where a jump goes: an instruction of the program, or one of its three returns.
    private enum Target: Hashable { case allow, notify, refuse, at(Int) }

    /// The filter: the architecture checked, then each reported call; an open is reported only
    /// with `O_CREAT` or `O_TRUNC` (its flags are read in the filter).
    private static func instructions() -> [Instruction] {
        var body: [(Instruction, Target?, Target?)] = []
        func load(_ offset: UInt32) { body.append((Instruction(code: loadWord, value: offset), nil, nil)) }
        func jump(_ code: UInt16, _ value: UInt32, ifTrue: Target, ifFalse: Target? = nil) {
            body.append((Instruction(code: code, value: value), ifTrue, ifFalse))
        }
        load(4) // seccomp_data.arch
        jump(jumpIfEqual, architecture, ifTrue: .at(body.count + 1), ifFalse: .refuse)
        load(0) // seccomp_data.nr
        jump(jumpIfAtLeast, foreignBit, ifTrue: .refuse)
        jump(jumpIfEqual, UInt32(ioUringSetup), ifTrue: .refuse)
        var opens: [(number: Int32, flagsArgument: Int)] = []
        for (number, kind) in kinds.sorted(by: { $0.key < $1.key }) {
            if case .open(_, let flags?, false) = kind {
                opens.append((number, flags))
            } else {
                jump(jumpIfEqual, UInt32(number), ifTrue: .notify)
            }
        }
        // Each open jumps to its own flag check, placed after the default return.
        let checksStart = body.count + opens.count + 1
        for (index, open) in opens.enumerated() {
            jump(jumpIfEqual, UInt32(open.number), ifTrue: .at(checksStart + 2 * index))
        }
        body.append((Instruction(code: returnValue, value: allow), nil, nil))
        for open in opens {
            load(UInt32(16 + 8 * open.flagsArgument)) // the low half of seccomp_data.args[n]
            jump(jumpIfAnyBit, changingOpenFlags, ifTrue: .notify, ifFalse: .allow)
        }
        let returns: [Target: Int] = [.allow: body.count, .notify: body.count + 1, .refuse: body.count + 2]
        var program: [Instruction] = body.enumerated().map { index, entry in
            var instruction = entry.0
            func offset(_ target: Target?) -> UInt8 {
                guard let target else { return 0 }
                let position: Int
                if case .at(let at) = target { position = at } else { position = returns[target]! }
                return UInt8(position - index - 1)
            }
            instruction.jumpIfTrue = offset(entry.1)
            instruction.jumpIfFalse = offset(entry.2)
            return instruction
        }
        program += [Instruction(code: returnValue, value: allow), Instruction(code: returnValue, value: notify),
                    Instruction(code: returnValue, value: noSuchCall)]
        return program
    }

    /// Installs the filter on the calling thread (which must be the process's only one) and
    /// returns the descriptor its reports arrive on, or the reason it could not.
    static func install() -> Result<Int32, FilterError> {
        guard Prctl.call(Prctl.setNoNewPrivileges, 1) == 0 else { return .failure(FilterError(call: "prctl", errno: errno)) }
        var instructions = instructions()
        let listener = instructions.withUnsafeMutableBufferPointer { buffer -> Int in
            var program = Program(length: UInt16(buffer.count), instructions: buffer.baseAddress)
            return withUnsafeMutablePointer(to: &program) { pointer in
                // SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER
                SystemCall.call(seccompCall, 1, 1 << 3, UInt(bitPattern: pointer))
            }
        }
        guard listener >= 0 else { return .failure(FilterError(call: "seccomp", errno: errno)) }
        return .success(Int32(listener))
    }

    struct FilterError: Error, CustomStringConvertible {
        var call: String
        var errno: Int32
        var description: String { "\(call): \(String(cString: strerror(errno)))" }
    }
}

/// `syscall` and `ioctl`, which Swift does not import (they are variadic in C), called through
/// their addresses with a fixed number of word-sized arguments.
enum SystemCall {
    private typealias Syscall = @convention(c) (Int, UInt, UInt, UInt) -> Int
    private typealias Ioctl = @convention(c) (Int32, UInt, UnsafeMutableRawPointer) -> Int32
    private static let syscallFunction: Syscall? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall")
        .map { unsafeBitCast($0, to: Syscall.self) }
    private static let ioctlFunction: Ioctl? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "ioctl")
        .map { unsafeBitCast($0, to: Ioctl.self) }

    static func call(_ number: Int, _ a: UInt, _ b: UInt, _ c: UInt) -> Int {
        guard let syscallFunction else {
            errno = ENOSYS
            return -1
        }
        return syscallFunction(number, a, b, c)
    }

    static func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32 {
        guard let ioctlFunction else {
            errno = ENOSYS
            return -1
        }
        return ioctlFunction(fd, request, argument)
    }
}
#endif
