import Foundation

// posix_spawn's file actions and attributes, created the way each platform allows: on
// Darwin both are pointer typedefs (they start as nil and `_init` allocates them), on
// Glibc they are structs (they start zeroed). Use these, never `posix_spawnattr_t()`
// (the portability check rejects it outside a Linux branch).
#if canImport(Darwin)
/// `posix_spawn_file_actions_t?` on Darwin, `posix_spawn_file_actions_t` elsewhere.
public typealias SpawnFileActions = posix_spawn_file_actions_t?
/// `posix_spawnattr_t?` on Darwin, `posix_spawnattr_t` elsewhere.
public typealias SpawnAttributes = posix_spawnattr_t?

/// Uninitialised file actions, for `posix_spawn_file_actions_init`.
public func makeSpawnFileActions() -> SpawnFileActions { nil }
/// Uninitialised attributes, for `posix_spawnattr_init`.
public func makeSpawnAttributes() -> SpawnAttributes { nil }
#else
public typealias SpawnFileActions = posix_spawn_file_actions_t
public typealias SpawnAttributes = posix_spawnattr_t

public func makeSpawnFileActions() -> SpawnFileActions { posix_spawn_file_actions_t() }
public func makeSpawnAttributes() -> SpawnAttributes { posix_spawnattr_t() }
#endif

/// The environment of every child process a test starts: the test's own, less every
/// `VERSIONCHECK_*` and `NO_COLOR` variable (a developer's settings must not change
/// results) and `OS_ACTIVITY_DT_MODE` (Xcode sets it; Apple's networking then logs to
/// stderr, which tests read), plus `extra`.
public func childEnvironment(adding extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter { key, _ in
        !key.hasPrefix("VERSIONCHECK_") && key != "NO_COLOR" && key != "OS_ACTIVITY_DT_MODE"
    }
    environment.merge(extra) { _, new in new }
    return environment
}
