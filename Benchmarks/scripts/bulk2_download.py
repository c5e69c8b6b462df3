"""The peer of `contact-tui list --bulk`: simple-salesforce's bulk2 download over the same mock org.

Usage: bulk2_download.py INSTANCE_URL ACCESS_TOKEN SOQL DIRECTORY

simple-salesforce builds https:// URLs; a requests adapter mounted for the mock host sends
them as http://, as query_all.py does. The job's CSV pieces are written into DIRECTORY, as
`sf.bulk2.Contact.download` does for its users; the record count goes to stderr.
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
    instance_url, token, soql, directory = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
    parsed = urlparse(instance_url)
    session = requests.Session()
    session.mount(f"https://{parsed.hostname}:{parsed.port}", PlainHTTPAdapter())
    sf = Salesforce(instance_url=instance_url, session_id=token, session=session, version="66.0")
    results = sf.bulk2.Contact.download(soql, path=directory, wait=0.05)
    print(f"records: {sum(result['number_of_records'] for result in results)}", file=sys.stderr)


if __name__ == "__main__":
    main()
