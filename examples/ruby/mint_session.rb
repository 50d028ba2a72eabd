# Mint a payments session for payments-kit's proxy, in Ruby (docs/session-token.md).
#
# The token is an HS256 JWT: the proxy checks its signature with the same secret, its audience,
# its lifetime and its grant, then lets the page do what the grant names and nothing else.
# Needs the jwt gem (Debian: ruby-jwt; elsewhere: gem "jwt").
#
#   require_relative "mint_session"
#   token = PaymentsSession.mint(
#     secret: ENV.fetch("PAYMENTS_SESSION_SECRET"),
#     audience: ENV.fetch("PAYMENTS_SESSION_AUDIENCE"),
#     subject: current_user.id.to_s,
#     allow: { transactions: [order.transaction_id], paymentIntents: [order.intent_id] }
#   )
#
# Run as a script, it reads one JSON object from stdin ({"secret", "audience", "subject",
# "allow", and optionally "issuer", "expiresIn", "now"}) and prints the token.
require "json"
require "jwt"

module PaymentsSession
  DEFAULT_EXPIRES_IN = 900
  MAX_EXPIRES_IN = 86_400

  # A session token for `subject` that may do what `allow` names (docs/session-token.md#the-grant),
  # for `expires_in` seconds. `secret` is the proxy's PAYMENTS_SESSION_SECRET (at least 32 bytes;
  # its UTF-8 bytes are the key), `audience` its PAYMENTS_SESSION_AUDIENCE. `now` is for tests.
  def self.mint(secret:, audience:, subject:, allow:, expires_in: DEFAULT_EXPIRES_IN, issuer: nil, now: nil)
    raise ArgumentError, "secret must be at least 32 bytes, the proxy's PAYMENTS_SESSION_SECRET" if secret.bytesize < 32
    raise ArgumentError, "audience must name the deployment, the proxy's PAYMENTS_SESSION_AUDIENCE" if audience.to_s.empty?
    raise ArgumentError, "subject must be your user's id, 1 to 255 characters" if subject.to_s.empty? || subject.length > 255
    raise ArgumentError, "expires_in must be whole seconds from 1 to 86400" unless expires_in.is_a?(Integer) && expires_in.between?(1, MAX_EXPIRES_IN)

    issued_at = now || Time.now.to_i
    # The claims in the kit's order (allow, iss, sub, aud, iat, exp): the proxy accepts any order;
    # this one gives byte for byte the tokens of the test vectors.
    claims = { allow: allow }
    claims[:iss] = issuer unless issuer.nil?
    claims.merge!(sub: subject, aud: audience, iat: issued_at, exp: issued_at + expires_in)
    JWT.encode(claims, secret, "HS256", { alg: "HS256", typ: "JWT" })
  end
end

if $PROGRAM_NAME == __FILE__
  request = JSON.parse($stdin.read)
  puts PaymentsSession.mint(
    secret: request.fetch("secret"),
    audience: request.fetch("audience"),
    subject: request.fetch("subject"),
    allow: request.fetch("allow"),
    expires_in: request.fetch("expiresIn", PaymentsSession::DEFAULT_EXPIRES_IN),
    issuer: request["issuer"],
    now: request["now"]
  )
end
