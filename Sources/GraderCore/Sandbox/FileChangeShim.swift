import Foundation

/// A small library preloaded into an app whose case kills it at each change of its files: it
/// counts every creation, truncation, write, rename and removal under the container, and kills
/// the app just before the nth change once armed. The runtime (ExerciseKit) finds its two
/// functions with `dlsym`, arms it for a `kill_during` call and reports how many changes the
/// call made. Built from this source with the toolchain's `clang`, once per source.
enum FileChangeShim {
    /// Where the library appears inside the sandbox.
    static let sandboxPath = "/grader/fileops.so"

    /// Builds the library into `directory` unless it is there; nil when no C compiler is found.
    static func build(toolchain: Toolchain, directory: URL) throws -> URL? {
        let compilers = [toolchain.swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("clang")]
            + [Toolchain.findOnPath("clang", environment: ProcessInfo.processInfo.environment),
               Toolchain.findOnPath("cc", environment: ProcessInfo.processInfo.environment)].compactMap { $0 }
        guard let compiler = compilers.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else { return nil }
        let library = directory.appendingPathComponent("fileops-\(ContentHash.hex(of: source)).so")
        if FileManager.default.fileExists(atPath: library.path) { return library }
        let scratch = directory.appendingPathComponent("fileops-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("fileops.c")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let output = scratch.appendingPathComponent("fileops.so")
        let run = try ChildProcess.run(compiler.path, ["-O2", "-shared", "-fPIC", "-o", output.path, file.path, "-ldl"],
                                       environment: ProcessInfo.processInfo.environment, timeLimit: 60)
        guard run.termination == .exited(0) else {
            throw GraderError.io("cannot build the file-change counter with \(compiler.path): \(run.output)")
        }
        // Moved into place whole, so that a concurrent grader never loads half a library.
        _ = try? FileManager.default.moveItem(at: output, to: library)
        return library
    }

    static let source = #"""
// Counts the changes an app makes to files in its container (each creation, truncation, write,
// rename, removal) and, when armed, kills the app just before the nth change from then on.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

static long changes = 0;
static long armed_at = 0;
static char home[4096];
static size_t home_length = 0;
static unsigned char tracked[65536];

__attribute__((constructor)) static void fileops_init(void) {
    const char *h = getenv("HOME");
    if (h && strlen(h) < sizeof(home) - 1) {
        strcpy(home, h);
        home_length = strlen(home);
    }
}

long grader_fileops_changes(void) { return __atomic_load_n(&changes, __ATOMIC_SEQ_CST); }

void grader_fileops_arm(long n) {
    __atomic_store_n(&armed_at, n > 0 ? grader_fileops_changes() + n : 0, __ATOMIC_SEQ_CST);
}

static int in_container(const char *path) {
    if (!path) return 0;
    if (path[0] != '/') return 1;  // relative to the working directory, which is the container
    return home_length > 0 && strncmp(path, home, home_length) == 0
        && (path[home_length] == '/' || path[home_length] == 0);
}

static void change(void) {
    long count = __atomic_add_fetch(&changes, 1, __ATOMIC_SEQ_CST);
    long at = __atomic_load_n(&armed_at, __ATOMIC_SEQ_CST);
    if (at > 0 && count >= at) raise(SIGKILL);
}

static void track(int fd, int flags, const char *path) {
    if (fd >= 0 && fd < 65536) tracked[fd] = (in_container(path) && (flags & (O_WRONLY | O_RDWR))) ? 1 : 0;
}

static int is_tracked(int fd) { return fd >= 0 && fd < 65536 && tracked[fd]; }

#define REAL(name) static __typeof__(&name) real_##name; if (!real_##name) real_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

static int opening_changes(const char *path, int flags) {
    if (!in_container(path)) return 0;
    if (flags & O_TRUNC) return 1;
    if (flags & O_CREAT) { struct stat s; return stat(path, &s) != 0; }
    return 0;
}

int open(const char *path, int flags, ...) {
    REAL(open);
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) { va_list a; va_start(a, flags); mode = va_arg(a, mode_t); va_end(a); }
    if (opening_changes(path, flags)) change();
    int fd = real_open(path, flags, mode);
    track(fd, flags, path);
    return fd;
}

int open64(const char *path, int flags, ...) {
    REAL(open64);
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) { va_list a; va_start(a, flags); mode = va_arg(a, mode_t); va_end(a); }
    if (opening_changes(path, flags)) change();
    int fd = real_open64(path, flags, mode);
    track(fd, flags, path);
    return fd;
}

int openat(int dirfd, const char *path, int flags, ...) {
    REAL(openat);
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) { va_list a; va_start(a, flags); mode = va_arg(a, mode_t); va_end(a); }
    if ((dirfd == AT_FDCWD || path[0] == '/') && opening_changes(path, flags)) change();
    int fd = real_openat(dirfd, path, flags, mode);
    track(fd, flags, (dirfd == AT_FDCWD || path[0] == '/') ? path : NULL);
    return fd;
}

int openat64(int dirfd, const char *path, int flags, ...) {
    REAL(openat64);
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) { va_list a; va_start(a, flags); mode = va_arg(a, mode_t); va_end(a); }
    if ((dirfd == AT_FDCWD || path[0] == '/') && opening_changes(path, flags)) change();
    int fd = real_openat64(dirfd, path, flags, mode);
    track(fd, flags, (dirfd == AT_FDCWD || path[0] == '/') ? path : NULL);
    return fd;
}

int creat(const char *path, mode_t mode) { return open(path, O_CREAT | O_WRONLY | O_TRUNC, mode); }

int close(int fd) {
    REAL(close);
    if (fd >= 0 && fd < 65536) tracked[fd] = 0;
    return real_close(fd);
}

ssize_t write(int fd, const void *buffer, size_t count) {
    REAL(write);
    if (count > 0 && is_tracked(fd)) change();
    return real_write(fd, buffer, count);
}

ssize_t pwrite(int fd, const void *buffer, size_t count, off_t offset) {
    REAL(pwrite);
    if (count > 0 && is_tracked(fd)) change();
    return real_pwrite(fd, buffer, count, offset);
}

ssize_t pwrite64(int fd, const void *buffer, size_t count, off64_t offset) {
    REAL(pwrite64);
    if (count > 0 && is_tracked(fd)) change();
    return real_pwrite64(fd, buffer, count, offset);
}

ssize_t writev(int fd, const struct iovec *vector, int count) {
    REAL(writev);
    if (count > 0 && is_tracked(fd)) change();
    return real_writev(fd, vector, count);
}

int ftruncate(int fd, off_t length) {
    REAL(ftruncate);
    if (is_tracked(fd)) change();
    return real_ftruncate(fd, length);
}

int ftruncate64(int fd, off64_t length) {
    REAL(ftruncate64);
    if (is_tracked(fd)) change();
    return real_ftruncate64(fd, length);
}

int truncate(const char *path, off_t length) {
    REAL(truncate);
    if (in_container(path)) change();
    return real_truncate(path, length);
}

int rename(const char *from, const char *to) {
    REAL(rename);
    if (in_container(from) || in_container(to)) change();
    return real_rename(from, to);
}

int renameat(int fromfd, const char *from, int tofd, const char *to) {
    REAL(renameat);
    if (in_container(from) || in_container(to)) change();
    return real_renameat(fromfd, from, tofd, to);
}

int renameat2(int fromfd, const char *from, int tofd, const char *to, unsigned int flags) {
    REAL(renameat2);
    if (in_container(from) || in_container(to)) change();
    return real_renameat2(fromfd, from, tofd, to, flags);
}

int unlink(const char *path) {
    REAL(unlink);
    if (in_container(path)) change();
    return real_unlink(path);
}

int unlinkat(int dirfd, const char *path, int flags) {
    REAL(unlinkat);
    if ((dirfd == AT_FDCWD || path[0] == '/') && in_container(path)) change();
    return real_unlinkat(dirfd, path, flags);
}

int rmdir(const char *path) {
    REAL(rmdir);
    if (in_container(path)) change();
    return real_rmdir(path);
}

int mkdir(const char *path, mode_t mode) {
    REAL(mkdir);
    if (in_container(path)) change();
    return real_mkdir(path, mode);
}

int mkdirat(int dirfd, const char *path, mode_t mode) {
    REAL(mkdirat);
    if ((dirfd == AT_FDCWD || path[0] == '/') && in_container(path)) change();
    return real_mkdirat(dirfd, path, mode);
}

int link(const char *from, const char *to) {
    REAL(link);
    if (in_container(to)) change();
    return real_link(from, to);
}

int symlink(const char *target, const char *path) {
    REAL(symlink);
    if (in_container(path)) change();
    return real_symlink(target, path);
}
"""#
}
