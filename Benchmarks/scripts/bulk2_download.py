"""The peer of `contact-tui list --bulk`: simple-salesforce's bulk2 download over the same mock org.

Usage: bulk2_download.py INSTANCE_URL SOQL DIRECTORY, the access token on standard input (its
first line: never in the command line, where the process list shows it).

simple-salesforce builds https:// URLs; query_all.py's adapter, mounted for the mock host,
sends them as http://. The job's CSV pieces are written into DIRECTORY, as
`sf.bulk2.Contact.download` does for its users; the record count goes to stderr.
"""

import sys
from urllib.parse import urlparse

import requests
from simple_salesforce import Salesforce

from query_all import PlainHTTPAdapter


def main():
    instance_url, soql, directory = sys.argv[1], sys.argv[2], sys.argv[3]
    token = sys.stdin.readline().strip()
    parsed = urlparse(instance_url)
    session = requests.Session()
    session.mount(f"https://{parsed.hostname}:{parsed.port}", PlainHTTPAdapter())
    sf = Salesforce(instance_url=instance_url, session_id=token, session=session, version="66.0")
    results = sf.bulk2.Contact.download(soql, path=directory, wait=0.05)
    print(f"records: {sum(result['number_of_records'] for result in results)}", file=sys.stderr)


if __name__ == "__main__":
    main()
