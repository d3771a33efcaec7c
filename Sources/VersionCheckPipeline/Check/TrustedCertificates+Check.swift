import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
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
