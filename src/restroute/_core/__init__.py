"""The request-options builder, as a pipeline; the files follow its flow.

    options.py     the five call shapes and the camelCase aliases -> one canonical dict
    merge.py       defaults and the call, deep-merged layer over layer (headers by name)
    template.py    RFC 6570 URI templates, compiled once (encoding.py: percent-encoding)
    query.py       the parameters left over on a GET or HEAD -> the query string
    media_type.py  the accept header, amended by media_type
    url.py         absolute URLs, authorities, dot segments: the URL rules
    http.py        RFC 9110 tokens and header values
    parse.py       merged options -> request options, recording where each option went
    wire.py        a body -> the bytes a client sends
    result.py      the dicts returned: RequestOptions, MergedOptions
    endpoint.py    Endpoint, the façade: __call__ = parse(merge(...)), defaults, DEFAULTS
    explain.py     the record of merge and parse, as an Explanation
    cache.py       memo tables for what repeats (routes, templates, headers)

The core imports nothing of the session, catalog, profiles, display or UIs (a test
checks it); convenience methods that reach out (``to_curl``, the notebook display)
import lazily, pointing one way.
"""
