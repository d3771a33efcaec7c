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
