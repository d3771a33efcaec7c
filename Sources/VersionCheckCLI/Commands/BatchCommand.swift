import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// `batch [FILE]`: one `lookup` or `manifest` check per line of FILE (stdin when absent),
/// all parsed before any request, run concurrently and printed in line order.
struct BatchCommand: Command {
    static let spec = CommandTable.batch
    let items: [CheckListItem]
    let jobs: Int
    let all: Bool

    init(_ line: ParsedCommandLine, context: CommandContext) throws(Failure) {
        jobs = line[Option.jobs]
        all = line[Option.all]
        let bytes: [UInt8]
        if let path = line.arguments.first, path != "-" {
            bytes = try Self.read(path)
        } else {
            bytes = try context.stdin.read().get()
        }
        items = try BatchFile.parse(bytes, global: line.global, environment: context.environment)
    }

    func run(_ context: CommandContext) -> ExitStatus {
        CheckList.run(items, jobs: jobs, all: all, context: context)
    }

    /// FILE's bytes: a file that does not exist or cannot be read is 66.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let shown = Quote.single(path)
        switch System.readFile(path, limit: BatchFile.maximumSize) {
        case .success(let bytes): return bytes
        case .failure(.noSuchFile): throw Failure(.noInput, "batch \(shown): no such file")
        case .failure(.isDirectory): throw Failure(.noInput, "batch \(shown): a folder, not a list of checks")
        case .failure(.cannotOpen(let error)), .failure(.readFailed(let error)):
            throw Failure(.noInput, "batch \(shown): cannot be read: \(error.description)")
        case .failure(.tooLarge):
            throw Failure(.invalidInput, "batch \(shown): larger than \(BatchFile.maximumSize / 1024 / 1024) MiB")
        }
    }
}
