"""How a credential is written in a text: a value after a secret's name, as a shell, a
program or a header line writes it; curl's, HTTPie's and requests' ways to give one; the
shapes that are credentials whatever names them; and what stands where one would. The
patterns ``text`` finds credentials with, and ``lines`` hides a line's rest with."""

# A value as written: double-, single- or back-quoted (what is inside is the value; a
# quote left open runs to the line's end), a command's output, or bare: to the line's
# end after a header's name (Authorization: token t), to a blank after an assignment.
# A quoted value is one only if its closing quote ends the word (or it is left open):
# a quote with more glued on ('a'b, `x`b, $(x)b, ${X:-${Y}}b) is a word as a shell reads
# it, pieces and all, and bare. A variable ${...} is one piece, whatever it holds: its }
# ends no value; nested past one level, or left open, it runs to the word's end.
# (A repeat of alternatives is possessive, *+: nothing after it would backtrack into it,
# and Python's re kept 240 bytes a character to do so, 2.4 GB for a 10 MB value.)
_OPEN = r"(?=\n|\Z)"  # a quote left open: to the line's end


def _quoted(end: str) -> str:
    """A value in quotes (its prefix: a Python string's, f"token {t}", or bash's $'...'),
    ended by a character of ``end``."""
    closed = rf"(?=[{end}]|\Z)"
    return (
        rf"(?:\$|[rRbBfFuU]{{0,2}})\"(?P<dq>(?:[^\"\\\n]|\\.)*+)(?:\"{closed}|{_OPEN})|"
        rf"(?:\$|[rRbBfFuU]{{0,2}})'(?P<sq>[^'\n]*)(?:'{closed}|{_OPEN})|"
        rf"`(?P<bq>[^`\n]*)(?:`{closed}|{_OPEN})|"
    )


# A word's quoted piece; one glued on after a value's first piece is an opening quote
# after a blank, a : an = or a $ (me:'pw', token $'t'); after anything else, only if it
# holds no blank (abc'def'): else it is most likely the closing quote of the text's own
# (-f 'a[password]=pw' -f 'b=1').
_PIECE = r"\$?\"(?:[^\"\\\n]|\\.)*+\"?|'[^'\n]*+'?|`[^`\n]*+`?"
_ANSI = r"\$'(?:[^'\\\n]|\\.)*+'?"  # bash's $'...', escapes (\') and all: wherever it is
_TIGHT = r"\"(?:[^\"\\\s]|\\.)*+\"|'[^'\s]*+'|`[^`\s]*+`"
# a command's output, $(...), nested to three levels ($((1)), $(a $(b))); past them, or
# left open, it runs to the word's end, as a variable ${... does
_COMMAND = r"\$\((?:[^()\n]|\((?:[^()\n]|\([^()\n]*+\))*+\))*+\)"
_REFERENCE = r"\$\{(?:[^{}\n]|\{[^{}\n]*+\})*+\}|\$(?![{(])"  # ${VAR}, ${X:-${Y}}, $VAR
_QUOTED = _quoted(r"\s,;)}\]")
_IN_LINE = rf"{_ANSI}|{_COMMAND}|{_REFERENCE}|\$[{{(][^\r\n]*+"
_VALUE = _QUOTED + (
    rf"(?P<bare>(?:{_IN_LINE}|{_PIECE}|[^\s'\"`,)}}\]$])"
    rf"(?:{_IN_LINE}|[^\r\n'\"`,)}}\]$]|(?<=[\s:=$])(?:{_PIECE})|{_TIGHT})*+)"
)
_IN_WORD = (  # (a \ escapes: a\ b; an array: (a b); past three levels, $( runs to the end)
    rf"{_ANSI}|{_COMMAND}|{_REFERENCE}|\$\{{\S*+|\$\([^\n]*+|\([^()\n\"',]*+\)|\\.|"
    r"[^\s'\"`,;&|()}\]#$]"
)
_WORD = _quoted(r"\s,;&|()}\]#") + (
    rf"(?P<bare>(?:{_IN_WORD}|{_PIECE})(?:{_IN_WORD}|(?<=[:=$])(?:{_PIECE})|{_TIGHT})*+)"
)
# A credential known by its shape alone, whatever names it (or nothing does): GitHub's
# tokens, and a Bearer credential wherever it is written (prose, a string, a line half typed,
# a header's name ending in it: x-Bearer), after blanks or a : or = (Bearer:abc, Bearer=abc).
_SHAPES = (
    r"(?P<token>gh[pousr]_[A-Za-z0-9]{36}\w*|github_pat_\w{22,})",  # (\w: a token glued on)
    # (a line's continuation, \ and a newline, between it and its word is skipped)
    r"(?i:bearer)(?<!\w(?i:bearer))(?:[ \t]+(?:\\\r?\n[ \t]*)*|[:=][ \t]*)"
    r"(?P<bearer>[^\s\"'<>,;]+)",
)
# The other ways, each a group: curl's -u user:password (alone or after flags: -su),
# --user, --oauth2-bearer, -b and --cookie (a session's cookie), HTTPie's -a and --auth,
# each a word as a shell reads it (me:'pw', me:$'pw'); requests' auth=("user",
# "password"), both hidden as -u hides both; a user:password@ however it is quoted (a
# warning names a host so); the shapes above; a password with a slash. Each but one
# starts with its literal text, which the scan skips to (the word's start is checked
# after it), so each is one fast pass.
_WHOLE = (  # (a long option's value after = or blanks: --password=x is a name's, not --pass's)
    r"-(?<!\S-)(?:(?:[sSLvkiIfgGqN]*[uUEb]|a)(?:=|[ \t]*)|(?:-user|-proxy-user|-auth|-cookie"
    r"|-oauth2-bearer|-pass|-tlspassword|-proxy-pass|-proxy-tlspassword|-cert|-proxy-cert"
    r"|-http-password|-http-passwd|-proxy-password|-ftp-password|-password)"  # (and wget's)
    r"(?:=|[ \t]+))(?:[\"'](?P<quoted>[^\"'\n]*)(?:[\"'](?!\S)|(?=\n|\Z))"
    rf"|(?P<bare>(?:{_COMMAND}|\$\([^\n]*+|\$\{{[^}}\n]*+\}}|`[^`\n]*+`?|[^\s'\"\\$`]++|\$|\\.|"
    r"(?<=\$)'(?:[^'\\\n]|\\.)*+'?|(?<=[:=$])(?:'[^'\n]*+'?"
    r"|\"(?:[^\"\\\n]|\\.)*+\"?)|'[^'\s]*+'|\"(?:[^\"\\\s]|\\.)*+\")++))",
    r"auth(?<![\w.]auth)[ \t]*=[ \t]*\([ \t]*[rRbBfFuU]{0,2}[\"'](?P<pair>[^\"'\n]*[\"'][ \t]*,"
    r"[ \t]*[rRbBfFuU]{0,2}[\"'][^\"'\n]*)[\"']",
    r"(?<![^\s\"'(])(?P<userinfo>[^\s:/\\@\"'<>=&?#(]*:[^\s/\\@\"'<>(]+)@",
    *_SHAPES,
    # a password with a / in it (//me:pa/ss@host): a URL's reader ends the host at the /,
    # and a person meant a password
    r"//(?P<slashed>[^\s/\\?#@:]*:[^\s\\?#@/]*/[^\s\\?#@:]*)@",
)
# A name given a value as neither = nor : give one: csh's setenv NAME value, fish's set
# (-x) NAME value; a subscript assigned (os.environ["GITHUB_TOKEN"] = ..., h["token"] = ...)
_SET = r"(?<!\S)(?:setenv|set(?:[ \t]+--?[A-Za-z-]+)*+)[ \t]+(?P<name>[A-Za-z_]\w*)[ \t]+"
_SUBSCRIPT = r"\[[ \t]*[rRbBfFuU]{0,2}[\"'](?P<name>[^\"'\n]+)[\"'][ \t]*\][ \t]*=(?!=)[ \t]*"
# A name given a value by another operator than = and : (a map's =>, R's <-, +=, ||=, ??=,
# ?=), or a quoted name by = (TOML's, HCL's "api_key" = ...); the first argument of a call
# naming the second's (os.Setenv("GITHUB_TOKEN", ...), environ.get("TOKEN", ...))
_OPERATED = (
    r"(?<![\w.-])(?P<name>[A-Za-z_][\w.-]*+)[ \t]*(?:=>|<-|(?:\+|\|\||\?\?|\?)=)[ \t]*",
    r"(?<![\w.-])[\"'](?P<name>[^\"'\n]++)[\"'][ \t]*(?:=>|=(?![=>])|<-)[ \t]*",
    r"\([ \t]*[\"'](?P<name>[^\"'\n]++)[\"'][ \t]*,[ \t]*",
)
# Each way above, its value's kind, and what a text holds that may say it so (looked for
# first, in C: most texts hold none, and a view reads thousands of them)
OTHER_WAYS = (
    (_SET, _WORD, ("set ", "set\t", "setenv")),
    (_SUBSCRIPT, _VALUE, ("[",)),
    (_OPERATED[0], _VALUE, ("=>", "<-", "+=", "|=", "?=")),
    (_OPERATED[1], _VALUE, ('"', "'")),
    (_OPERATED[2], _VALUE, ('",', "',")),
)
# What only these ways need of a text (the rest need a : = or @ as every other way does):
# a text without any of them is passed over whole (``text._may_hold``)
OTHER_MARKS = ("set ", "set\t", "setenv", "<-", '",', "',")
# In code, a name assigned an expression (a blank before its =): all of it to the line's
# end or a comment, when it is more than one piece (password = 'a' + 'b', = ("b"),
# = os.getenv("X", "b"), "a" "b"); one piece is the value's as any assignment's
_CODE = (
    r"(?<![\w.-])(?P<name>[A-Za-z_][\w.]*+)[ \t]+=(?![=>])[ \t]*"
    r"(?P<expression>(?:[^\n\"'#]|\"(?:[^\"\\\n]|\\.)*+\"?|'[^'\n]*+'?)*+)"
)
_EXPRESSION = (  # what starts more than one piece: a call, brackets, strings joined
    r"\(|[A-Za-z_][\w.]*+[ \t]*\(|(?:\"(?:[^\"\\\n]|\\.)*+\"|'[^'\n]*+')[ \t]*"
    r"(?:\+|\|\||\?\?|or\b|and\b|[\"'])"
)
# curl's header option, its value as written (quoted or a word)
_HEADER = r"(?<!\S)(?:-H|--header)(?:=|[ \t]+)(?:[\"'](?P<quoted>[^\"'\n]*)|(?P<bare>[^\s'\"]+))"

# What stands where a credential would, and is none: nothing, a variable (with no text: in
# ${X:-abc} or ${X:?abc}, abc is written), a command's output (in a shell: the command is
# shown, gh auth token), a placeholder (<REDACTED>: a text hidden stays so), an ellipsis,
# a few of them. Where no shell reads a text (a JSON body as sent), only ``WRITTEN_STAND_IN``
# stands in: $VAR and $(...) are sent as they are.
STANDS_IN = r"\$\{[A-Za-z_]\w*(?::?[?=+-])?\}|\$[A-Za-z_]\w*|\$\([^()\n]*\)|<[^<>\n]*>|\.{3}|…"
_STAND_IN = rf"(?:{STANDS_IN}|[:\s])*+"
WRITTEN_STAND_IN = r"(?:\$\{[A-Za-z_]\w*(?::?[?=+-])?\}|<[^<>\n]*>|\.{3}|…|[:\s])*+"
