"""The site under gunicorn as it is served (``gunicorn.conf.py``, ``--preload``): each worker
answers a request of its own through gunicorn's handling before it takes its first reader
(a worker already serving may take another's connection: it is answered all the same)."""

import re
import time

from bench.pages import Server


def test_each_worker_answers_a_request_of_its_own_before_its_first_reader():
    server = Server()
    try:
        server.prepare()
        server.start(workers=2)
        deadline = time.monotonic() + 10
        while True:  # a worker logs its boot just before it sends its own request
            log = server.log.read_text()
            answered = re.findall(r"Warm-up request answered by (?:this|another) worker: (.*)", log)
            if len(answered) >= 2 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert answered == ["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"], log
        assert "Warm-up request failed" not in log
    finally:
        server.remove()
