#!/usr/bin/env python3
"""Regenerates the generated property list fixtures in Fixtures/.

Run from anywhere: python3 Fixtures/make-binary-plist.py
The output is deterministic (fixed key order), so re-running it leaves git clean.

- manifest-binary.plist: a binary manifest, keys sorted.
- manifest-same-precedence.plist (XML) and manifest-same-precedence-binary.plist:
  the same manifest, keys in the order written below (sort_keys=False keeps
  insertion order). "1.2.0" and "1.2" have equal precedence; "1.2.0" comes first
  in the file, so it must win, though "1.2" sorts first as text.
- Info.plist fixtures for --current-from (the app of itunes-ios.json and itunes-mac.json):
  info.plist (XML) and info-binary.plist, an iOS app's built Info.plist;
  info-build-setting.plist, a source Info.plist whose values are still build settings;
  ios/Example.app/Info.plist (XML) and macos/Example.app/Contents/Info.plist (binary,
  as Xcode writes a built product's).
- Applications/: a folder of installed apps for `outdated` (see Fixtures/README.md): a
  Mac App Store app with its receipt (binary Info.plist), an iOS app, Sparkle apps whose
  SUFeedURL holds the placeholder @PORT@ (Tests/LoopbackServer/stage-applications.sh
  copies the tree and puts the fixture server's port there), an app with no source,
  nested folders, a bundle inside a bundle, one too deep, and a symbolic link.
"""
import os
import plistlib

MANIFEST = {
    "1.0": "First release",
    "1.1": "Added export to PDF",
    "1.3.0": ["Widgets", "Bug fixes"],
}

SAME_PRECEDENCE = {
    "1.2.0": ["Listed first", "so it wins"],
    "1.0": "First release",
    "1.2": "Listed second",
}

IOS_INFO = {
    "CFBundleDevelopmentRegion": "en",
    "CFBundleDisplayName": "Notes",
    "CFBundleExecutable": "Example",
    "CFBundleIdentifier": "com.example.notes",
    "CFBundleInfoDictionaryVersion": "6.0",
    "CFBundleName": "Example",
    "CFBundlePackageType": "APPL",
    "CFBundleShortVersionString": "2.4",
    "CFBundleSupportedPlatforms": ["iPhoneOS"],
    "CFBundleVersion": "241",
    "LSRequiresIPhoneOS": True,
    "MinimumOSVersion": "15.0",
    "UIDeviceFamily": [1, 2],
    "UIRequiredDeviceCapabilities": ["arm64"],
}

MAC_INFO = {
    "CFBundleDevelopmentRegion": "en",
    "CFBundleExecutable": "Example",
    "CFBundleIdentifier": "com.example.clipboard",
    "CFBundleInfoDictionaryVersion": "6.0",
    "CFBundleName": "Example",
    "CFBundlePackageType": "APPL",
    "CFBundleShortVersionString": "3.9",
    "CFBundleSupportedPlatforms": ["MacOSX"],
    "CFBundleVersion": "390",
    "LSMinimumSystemVersion": "12.0",
    "NSPrincipalClass": "NSApplication",
}

SOURCE_INFO = {
    "CFBundleExecutable": "$(EXECUTABLE_NAME)",
    "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
    "CFBundleShortVersionString": "$(MARKETING_VERSION)",
    "CFBundleVersion": "$(CURRENT_PROJECT_VERSION)",
}

here = os.path.dirname(os.path.abspath(__file__))


def write(name, value, fmt, sort_keys):
    path = os.path.join(here, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        plistlib.dump(value, out, fmt=fmt, sort_keys=sort_keys)


write("manifest-binary.plist", MANIFEST, plistlib.FMT_BINARY, True)
write("manifest-same-precedence.plist", SAME_PRECEDENCE, plistlib.FMT_XML, False)
write("manifest-same-precedence-binary.plist", SAME_PRECEDENCE, plistlib.FMT_BINARY, False)
write("info.plist", IOS_INFO, plistlib.FMT_XML, True)
write("info-binary.plist", IOS_INFO, plistlib.FMT_BINARY, True)
write("info-build-setting.plist", SOURCE_INFO, plistlib.FMT_XML, True)
write("ios/Example.app/Info.plist", IOS_INFO, plistlib.FMT_XML, True)
write("macos/Example.app/Contents/Info.plist", MAC_INFO, plistlib.FMT_BINARY, True)


# The Applications tree of `outdated`.
def mac_app(identifier, name, short, build, **extra):
    info = dict(MAC_INFO)
    info.update({"CFBundleIdentifier": identifier, "CFBundleExecutable": (name or "Console").replace(" ", ""),
                 "CFBundleName": name, "CFBundleShortVersionString": short, "CFBundleVersion": build})
    info.update(extra)
    return {k: v for k, v in info.items() if v is not None}


def feed(name):
    return "http://127.0.0.1:@PORT@/fixtures/" + name


APPS = {
    # Mac App Store: lookup --platform mac by bundle id (itunes-mac.json has 3.10).
    "Clipboard.app/Contents/Info.plist": (mac_app("com.example.clipboard", "Clipboard", "3.9", "390"), plistlib.FMT_BINARY),
    # iOS (an iPhone/iPad app on a Mac): lookup by bundle id (itunes-ios.json has 2.4.1).
    "Notes.app/Info.plist": (IOS_INFO, plistlib.FMT_XML),
    # Sparkle: the display name wins over the name; compared by CFBundleVersion 5209 (5.2.9).
    "Example Notes.app/Contents/Info.plist": (mac_app(
        "com.example.notes.mac", "ExNotes", "5.2.9", "5209", CFBundleDisplayName="Example Notes",
        SUFeedURL=feed("appcast-sparkle2.xml"), SUPublicEDKey="pfIShU4dEXqPd5ObYNfDBiQWcXozk7estwzTnF9BamQ=",
        SUEnableAutomaticChecks=True), plistlib.FMT_XML),
    # Sparkle, up to date (build 7000), with a helper app inside its bundle (never checked).
    "Suite.app/Contents/Info.plist": (mac_app(
        "com.example.suite", "Suite", "7.0", "7000", SUFeedURL=feed("appcast-sparkle2.xml")), plistlib.FMT_XML),
    "Suite.app/Contents/Library/LoginItems/Suite Helper.app/Contents/Info.plist": (mac_app(
        "com.example.suite.helper", "Suite Helper", "1.0", "1", SUFeedURL=feed("appcast-sparkle1.xml")), plistlib.FMT_XML),
    # No source at all, and no name keys: named after its folder, skipped.
    "Utilities/Console Helper.app/Contents/Info.plist": (mac_app(
        "com.example.console", None, "1.0", "10"), plistlib.FMT_XML),
    # Three levels down (found): a Sparkle 1 feed, build 2.0 -> 2.1 (Sparkle 1 builds are dotted).
    "Utilities/Sparkle Tools/Clipper Legacy.app/Contents/Info.plist": (mac_app(
        "com.example.clipper", "Clipper", "2.0", "2.0", SUFeedURL=feed("appcast-sparkle1.xml")), plistlib.FMT_XML),
    # Four levels down: never found.
    "Utilities/Sparkle Tools/Old/Too Deep.app/Contents/Info.plist": (mac_app(
        "com.example.toodeep", "Too Deep", "1.0", "1", SUFeedURL=feed("appcast-sparkle1.xml")), plistlib.FMT_XML),
}

for relative, (info, fmt) in APPS.items():
    write(os.path.join("Applications", relative), info, fmt, True)

receipt = os.path.join(here, "Applications/Clipboard.app/Contents/_MASReceipt/receipt")
os.makedirs(os.path.dirname(receipt), exist_ok=True)
with open(receipt, "wb") as out:
    out.write(b"0\x80\x06\t*\x86H\x86\xf7\r\x01\x07\x02 (a PKCS #7 App Store receipt; only its presence matters)\n")

alias = os.path.join(here, "Applications/Notes Alias.app")
if not os.path.islink(alias):
    os.symlink("Notes.app", alias)
