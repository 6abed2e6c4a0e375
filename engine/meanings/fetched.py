"""The workers' way to the meanings: the files fetched on the first request for a
meaning (never while a page starts), loaded, then the request answered. The game
page's engine worker and the table page's share it (ui/engine_worker.py,
ui/table/worker.py). The fetch is the worker's own (``js.fetch``), passed in: the
engine never imports the browser's modules.
"""

from __future__ import annotations

import json
import time

from . import face

SHORT_MEANINGS = "short_meanings.tsv"   # beside meanings.bin (the meanings written for this project)


async def fetched(fetch, url):
    """(the bytes at ``url``, "") or (None, what went wrong)."""
    try:
        response = await fetch(url)
        if not response.ok:
            return None, "the meanings could not be fetched (HTTP " + str(response.status) + ")"
        return (await response.arrayBuffer()).to_bytes(), ""
    except Exception as exc:  # offline before the first use, say
        return None, "the meanings could not be fetched (" + type(exc).__name__ + ")"


async def define(fetch, request, url, answer) -> str:
    """``answer(request)``: the JSON text of the words' entries once the meanings are
    loaded (``url``: meanings.bin's address, from the page; a worker's own address
    is a blob). The reply carries "ms": the time this request took in the worker."""
    t0 = time.perf_counter()
    if not face.loaded():
        url = url if isinstance(url, str) else ""   # (str() of a huge number would raise)
        data, why = await fetched(fetch, url)
        short, why_short = await fetched(fetch, url[:url.rindex("/") + 1] + SHORT_MEANINGS) if "/" in url else (None, "")
        if why or why_short:
            return json.dumps({"error": why or why_short})
        loaded = json.loads(face.meanings_load(data, short))
        if "error" in loaded:
            return json.dumps(loaded)
    out = json.loads(answer(request))
    out["ms"] = round((time.perf_counter() - t0) * 1000)
    return json.dumps(out)
