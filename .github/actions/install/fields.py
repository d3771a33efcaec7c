"""fields.py KEY ...: reads versioncheck's --json object on stdin and prints the values of
KEY ..., one a line (newlines in a value folded to spaces) (null, a missing key or no object: empty; true/false
as written). An error object's message stands in for `gateReason`. Used by the actions."""
import json
import sys

try:
    value = json.loads(sys.stdin.read() or "null")
except ValueError:
    value = None
value = value if isinstance(value, dict) else {}
fields = []
for key in sys.argv[1:]:
    item = value.get(key)
    if key == "gateReason" and item is None:
        item = (value.get("error") or {}).get("message")
    if isinstance(item, bool):
        item = "true" if item else "false"
    text = "" if item is None else str(item)
    fields.append(" ".join(text.split()))
print("\n".join(fields))
