public enum VersionCheckCorePlaceholder {}
