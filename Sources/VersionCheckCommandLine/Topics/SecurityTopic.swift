import VersionCheckCore

extension HelpTopic {
    /// `versioncheck help security`: what versioncheck will and will not do.
    package static let security = HelpTopic(
        "security",
        abstract: "What versioncheck trusts, sends, stores and prints.",
        sections: [
            DocSection(
                "SECURITY",
                rows: [
                    ("HTTPS by default", "Plain http:// (--url, --lookup-url, VERSIONCHECK_LOOKUP_URL, a bundle's feed) is refused (64) unless the host is loopback or --allow-insecure is given. Loopback is localhost (never resolved by DNS), 127.0.0.0/8 written as four plain decimal octets, or [::1], written exactly so: localhost. and 127.0.0.1. are names for DNS and are not loopback."),
                    ("Redirects", "At most 5; never from https to http, never to plain http off loopback (76 insecure-redirect) unless --allow-insecure, never to another scheme."),
                    ("Trusted certificates", "The system's store. On Linux CURL_CA_BUNDLE, else SSL_CERT_FILE and SSL_CERT_DIR, replace it when set and not empty, as curl and OpenSSL read them; one that names nothing readable is 66 before any request. On macOS the system's trust settings apply. No certificate pinning."),
                    ("Bounded input", "A body or file is at most 8 MiB (76 too-large); headers at most 64 KiB; nesting at most 128 levels; no entity is expanded and a DOCTYPE in an appcast is refused. Every input of up to 8 MiB, whatever its shape, is answered within 1 s and 64 MiB by a release build."),
                    ("Bounded time", "--timeout bounds each attempt as a whole, --deadline the whole check; a Retry-After above 60 s fails at once with 75."),
                    ("Credentials", "user:password@ in a URL is sent to that origin only, never after a redirect to another; it is never stored in the cache or put on a command line, and is shown as user:***@."),
                    ("GitHub tokens", "GH_TOKEN, else GITHUB_TOKEN, is sent as a bearer token to https://api.github.com only: never to another host, never after a redirect that leaves that origin. The helper reads it from its environment; it is never on a command line, in the cache, in a message, in -v output or in JSON. A rate limit that is spent (X-RateLimit-Remaining 0) is 75, rate-limited, at once."),
                    ("Terminal safety", "Text from a source or a bundle never carries terminal controls: C0 and C1 controls, DEL and the Unicode bidirectional and separator controls are dropped from notes, names, titles and messages. JSON keeps such text escaped as \\uXXXX."),
                    ("Bundles' own feeds", "A feed URL read from an app bundle (SUFeedURL, or the one its app-update.yml names) must be https:// or loopback http://; a file: URL, a relative path or another scheme is a failure and nothing is read from the disk."),
                    ("Processes and files", "versioncheck runs no shell. It starts its own network helper, versioncheck-fetch, for requests (its arguments carry no secret), and, with --background-refresh, a detached versioncheck. Without --check-period it writes nothing; with it, only in its cache folder (mode 0700, entries 0600). outdated and batch may hold output in a temporary file in TMPDIR (mode 0600)."),
                    ("Never a false up to date", "A failure never exits 0, 100 or 101; a stale answer never passes --gate; a mistyped --version with a command is 64."),
                ]),
        ])
}
