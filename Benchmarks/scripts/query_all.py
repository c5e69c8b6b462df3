"""The peer of `contact-tui list`: simple-salesforce's query_all over the same mock org.

Usage: query_all.py INSTANCE_URL SOQL, the access token on standard input (its first line: never
in the command line, where the process list shows it).

simple-salesforce builds https:// URLs; a requests adapter mounted for the mock host sends
them as http://, as in the compatibility test. The records are written as TSV to stdout so
that both sides do the same work.
"""

import sys
from urllib.parse import urlparse

import requests
from requests.adapters import HTTPAdapter
from simple_salesforce import Salesforce


class PlainHTTPAdapter(HTTPAdapter):
    def send(self, request, **kwargs):
        if request.url.startswith("https://"):
            request.url = "http://" + request.url[len("https://"):]
        return super().send(request, **kwargs)


def main():
    instance_url, soql = sys.argv[1], sys.argv[2]
    token = sys.stdin.readline().strip()
    parsed = urlparse(instance_url)
    session = requests.Session()
    session.mount(f"https://{parsed.hostname}:{parsed.port}", PlainHTTPAdapter())
    sf = Salesforce(instance_url=instance_url, session_id=token, session=session, version="66.0")
    records = sf.query_all(soql)["records"]
    out = sys.stdout
    out.write("Id\tName\tTitle\tEmail\tPhone\tAccount.Name\n")
    for record in records:
        account = record.get("Account") or {}
        values = [record.get("Id"), record.get("Name"), record.get("Title"), record.get("Email"),
                  record.get("Phone"), account.get("Name")]
        out.write("\t".join("" if value is None else str(value) for value in values) + "\n")
    print(f"records: {len(records)}", file=sys.stderr)


if __name__ == "__main__":
    main()
