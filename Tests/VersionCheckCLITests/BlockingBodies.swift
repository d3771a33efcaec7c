import Testing
import VersionCheckTestSupport

// One file, linked into each test target whose suites wait (VersionCheckFetchTests has a
// symbolic link to it): a test target cannot import another's types, and a library
// target that imports Testing does not build everywhere `swift build` runs.

/// Runs the bodies of a suite's tests on `BlockingTestExecutor.shared`, off the
/// cooperative pool: for suites whose tests wait on child processes, servers and pipes.
/// `@Suite(.blockingBodies)`; it applies to every test in the suite.
struct BlockingBodies: SuiteTrait, TestTrait {
    var isRecursive: Bool { true }
}

extension Trait where Self == BlockingBodies {
    /// The suite's tests wait (processes, servers, pipes): run them off the cooperative pool.
    static var blockingBodies: Self { BlockingBodies() }
}

// Swift 6.0's Testing has no TestScoping: there the trait only marks the suite, and its
// tests run on the cooperative pool — fewer at a time, never stuck, since every wait is on
// a process, a pipe or a loopback server (Python), none on the pool. Building the tests
// with `-Xswiftc -DVERSIONCHECK_NO_TEST_SCOPING` runs them that way on any toolchain.
#if compiler(>=6.1) && !VERSIONCHECK_NO_TEST_SCOPING
extension BlockingBodies: TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil, #available(macOS 15.0, *) else { return try await function() }
        try await withTaskExecutorPreference(BlockingTestExecutor.shared) { try await function() }
    }
}
#endif
