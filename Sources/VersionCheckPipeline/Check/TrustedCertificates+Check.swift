import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VersionCheckCore

extension TrustedCertificates {
    /// Why the certificates the environment names cannot be used, as a 66 to report before
    /// any request (a typo in `SSL_CERT_FILE` would otherwise read as "the server's
    /// certificate is not trusted"); nil when they can, or when none is named. Linux only:
    /// on macOS the system's trust settings apply and the variables are ignored.
    package static func problem(environment: [String: String]) -> Failure? {
        #if os(Linux)
        guard let trusted = TrustedCertificates(environment: environment) else { return nil }
        if let file = trusted.file, let why = System.whyNotReadableFile(file.path) {
            return Failure(
                .noInput, "\(file.variable) is \(Quote.single(file.path)), which names no readable file of certificates to trust (\(why))")
        }
        if let folder = trusted.folder, !trusted.folders.contains(where: System.isReadableFolder) {
            return Failure(
                .noInput, "\(folder.variable) is \(Quote.single(folder.path)), which names no readable folder of certificates to trust")
        }
        #endif
        return nil
    }
}

extension System {
    /// Why `path` is not a regular file this process can read, or nil when it is (the
    /// file is opened without blocking, as a FIFO where the file should be must not hang).
    package static func whyNotReadableFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return describe(errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return describe(errno: errno) }
        return Int(info.st_mode) & Int(S_IFMT) == Int(S_IFREG) ? nil : "not a regular file"
    }

    /// Whether `path` is a folder this process can list and enter.
    package static func isReadableFolder(_ path: String) -> Bool {
        isExistingFolder(path) && access(path, R_OK | X_OK) == 0
    }
}
