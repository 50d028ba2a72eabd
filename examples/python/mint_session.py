"""Mint a payments session for payments-kit's proxy, in Python (docs/session-token.md).

The token is an HS256 JWT: the proxy checks its signature with the same secret, its audience,
its lifetime and its grant, then lets the page do what the grant names and nothing else.
Needs PyJWT (Debian: python3-jwt; elsewhere: pip install PyJWT).

    from mint_session import mint_session
    token = mint_session(
        secret=os.environ["PAYMENTS_SESSION_SECRET"],
        audience=os.environ["PAYMENTS_SESSION_AUDIENCE"],
        subject=str(request.user.pk),
        allow={"transactions": [order.transaction_id], "paymentIntents": [order.intent_id]},
    )

Run as a script, it reads one JSON object from stdin ({"secret", "audience", "subject",
"allow", and optionally "issuer", "expiresIn", "now"}) and prints the token.
"""

import json
import sys
import time

import jwt

DEFAULT_EXPIRES_IN = 900
MAX_EXPIRES_IN = 86_400


class _Utf8JSONEncoder(json.JSONEncoder):
    """JSON as the kit writes it: no spaces, and text outside ASCII as UTF-8, not \\u escapes."""

    def __init__(self, **kwargs):
        kwargs["ensure_ascii"] = False
        super().__init__(**kwargs)


def mint_session(secret, audience, subject, allow, expires_in=DEFAULT_EXPIRES_IN, issuer=None, now=None):
    """Return a session token for `subject` that may do what `allow` names, for `expires_in` seconds.

    `secret` is a string of at least 32 bytes (its UTF-8 bytes are the key), the proxy's
    PAYMENTS_SESSION_SECRET; `audience` is its PAYMENTS_SESSION_AUDIENCE. `allow` is the grant
    (docs/session-token.md#the-grant). `now` (Unix seconds) is for tests; leave it out.
    """
    key = secret.encode("utf-8")
    if len(key) < 32:
        raise ValueError("secret must be at least 32 bytes, the proxy's PAYMENTS_SESSION_SECRET")
    if not audience:
        raise ValueError("audience must name the deployment, the proxy's PAYMENTS_SESSION_AUDIENCE")
    if not subject or len(subject) > 255:
        raise ValueError("subject must be your user's id, 1 to 255 characters")
    if not isinstance(expires_in, int) or not 1 <= expires_in <= MAX_EXPIRES_IN:
        raise ValueError("expires_in must be whole seconds from 1 to 86400")
    issued_at = int(time.time()) if now is None else now
    # The claims in the kit's order (allow, iss, sub, aud, iat, exp): the proxy accepts any order;
    # this one gives byte for byte the tokens of the test vectors.
    claims = {"allow": allow}
    if issuer is not None:
        claims["iss"] = issuer
    claims.update({"sub": subject, "aud": audience, "iat": issued_at, "exp": issued_at + expires_in})
    return jwt.encode(claims, key, algorithm="HS256", headers={"typ": "JWT"}, json_encoder=_Utf8JSONEncoder)


if __name__ == "__main__":
    request = json.load(sys.stdin)
    print(
        mint_session(
            secret=request["secret"],
            audience=request["audience"],
            subject=request["subject"],
            allow=request["allow"],
            expires_in=request.get("expiresIn", DEFAULT_EXPIRES_IN),
            issuer=request.get("issuer"),
            now=request.get("now"),
        )
    )
