"""Drives a running mock org's Bulk API 2.0 query jobs with simple-salesforce's bulk2, unchanged.

Usage: simple_salesforce_bulk2_check.py INSTANCE_URL CONTACT_COUNT, the access token on standard input
(its first line: never in the command line, where the process list shows it).

`sf.bulk2.Contact.query(...)` and `download(...)` must give the same records as a REST
`query_all`. Exits non-zero (with the reason) on the first mismatch.
"""

import csv
import io
import os
import sys
import tempfile

from simple_salesforce import Salesforce

SOQL = "SELECT Id, Name, Account.Name FROM Contact ORDER BY Name"


def expect(condition, message):
    if not condition:
        print(f"FAILED: {message}", file=sys.stderr)
        sys.exit(1)


def rows(text):
    """The CSV's rows as (Id, Name, Account.Name), the empty field read as None."""
    reader = csv.reader(io.StringIO(text))
    header = next(reader)
    expect(header == ["Id", "Name", "Account.Name"], f"header {header}")
    return [tuple(value or None for value in row) for row in reader]


def main():
    instance_url, contact_count = sys.argv[1], int(sys.argv[2])
    token = sys.stdin.readline().strip()
    sf = Salesforce(instance_url=instance_url, session_id=token, version="66.0")
    rest = [
        (record["Id"], record["Name"], (record["Account"] or {}).get("Name"))
        for record in sf.query_all(SOQL)["records"]
    ]
    expect(len(rest) == contact_count, f"query_all returned {len(rest)} records")

    pieces = list(sf.bulk2.Contact.query(SOQL, max_records=500, wait=0.05))
    expect(len(pieces) == -(-contact_count // 500), f"query gave {len(pieces)} pieces")
    bulk = [row for piece in pieces for row in rows(piece)]
    expect(bulk == rest, "bulk2 query records differ from query_all's")

    with tempfile.TemporaryDirectory() as directory:
        results = sf.bulk2.Contact.download(SOQL, path=directory, max_records=700, wait=0.05)
        expect(sum(result["number_of_records"] for result in results) == contact_count, f"download {results}")
        downloaded = []
        for result in results:
            with open(os.path.join(directory, os.path.basename(result["file"])), encoding="utf-8", newline="") as file:
                downloaded += rows(file.read())
        expect(downloaded == rest, "bulk2 download records differ from query_all's")

    print("simple-salesforce bulk2 compatible")


if __name__ == "__main__":
    main()
