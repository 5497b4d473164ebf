/**
 * The arguments and input fields of schema.graphql that carry a secret (a password, a token, a
 * code or a verifier), as the contract stands. Two modules derive this list from the schema on
 * their own, the conformance suite's redaction and the mock's journal (the suite never imports
 * the mock); both tests pin them to this one list, so a change to it is one visible decision.
 */
export const SECRET_INPUT_COORDINATES: readonly string[] = [
  'ExchangeSocialTokenInput.idpOneAuthorizationCode',
  'ExchangeSocialTokenInput.idpOneIdentityToken',
  'ExchangeSocialTokenInput.idpTwoIdToken',
  'LoginInput.password',
  'Mutation.joinWorkspace(token:)',
  'Mutation.logout(refreshToken:)',
  'Mutation.refreshToken(refreshToken:)',
  'Mutation.verifyEmail(token:)',
  'OAuthLoginInput.code',
  'OAuthLoginInput.codeVerifier',
  'RegisterInput.password',
];
