/**
 * What the contract (schema.graphql) says is a secret, by schema coordinate, with the stem of
 * the marker that stands for a value of it that the run did not know (`$ACCESS_TOKEN_1`).
 * Pinned: test/conformance/redaction.test.ts derives the list from schema.graphql (every String
 * field, argument and input field whose name says password, token, secret, verifier or code) and
 * fails when the two differ, so a secret the contract gains cannot be forgotten here.
 */
export interface SecretField {
  /** `Type.field` for fields and input fields, `Type.field(argument:)` for arguments. */
  readonly coordinate: string;
  readonly stem: string;
}

/** Secrets a server sends: read in response bodies and in received WebSocket frames. */
export const secretOutputFields: readonly SecretField[] = [
  { coordinate: 'AuthPayload.accessToken', stem: 'ACCESS_TOKEN' },
  { coordinate: 'AuthPayload.refreshToken', stem: 'REFRESH_TOKEN' },
  // An invite link's token lets anyone join the workspace, with --credentials a real one.
  { coordinate: 'WorkspaceInviteLink.token', stem: 'INVITE_TOKEN' },
];

/** Secrets a client sends: read in request bodies (variables and literals) and sent frames. */
export const secretInputFields: readonly SecretField[] = [
  { coordinate: 'ExchangeSocialTokenInput.idpOneAuthorizationCode', stem: 'IDP_CODE' },
  { coordinate: 'ExchangeSocialTokenInput.idpOneIdentityToken', stem: 'IDP_TOKEN' },
  { coordinate: 'ExchangeSocialTokenInput.idpTwoIdToken', stem: 'IDP_TOKEN' },
  { coordinate: 'LoginInput.password', stem: 'PASSWORD' },
  { coordinate: 'Mutation.joinWorkspace(token:)', stem: 'INVITE_TOKEN' },
  { coordinate: 'Mutation.logout(refreshToken:)', stem: 'REFRESH_TOKEN' },
  { coordinate: 'Mutation.refreshToken(refreshToken:)', stem: 'REFRESH_TOKEN' },
  { coordinate: 'Mutation.verifyEmail(token:)', stem: 'EMAIL_TOKEN' },
  { coordinate: 'OAuthLoginInput.code', stem: 'OAUTH_CODE' },
  { coordinate: 'OAuthLoginInput.codeVerifier', stem: 'CODE_VERIFIER' },
  { coordinate: 'RegisterInput.password', stem: 'PASSWORD' },
];

const argument = /^\w+\.(\w+)\((\w+):\)$/;

/**
 * The stems by the name a value stands under in JSON: an output field's name (a response key),
 * an input field's name (a key inside variables). The test also pins that the contract uses none
 * of these names for anything that is not a secret, so reading by name is exact.
 */
export const secretOutputNames: ReadonlyMap<string, string> = new Map(secretOutputFields.map(({ coordinate, stem }) => [coordinate.split('.')[1]!, stem]));

/** Input fields by name (`password`), for keys inside variables and object literals. */
export const secretInputFieldNames: ReadonlyMap<string, string> = new Map(
  secretInputFields.filter(({ coordinate }) => !argument.test(coordinate)).map(({ coordinate, stem }) => [coordinate.split('.')[1]!, stem]),
);

/** Arguments by `field(argument:)` (`refreshToken(refreshToken:)`): a variable's name says nothing, where it is passed does. */
export const secretArguments: ReadonlyMap<string, string> = new Map(
  secretInputFields.flatMap(({ coordinate, stem }) => {
    const match = argument.exec(coordinate);
    return match ? [[`${match[1]}(${match[2]}:)`, stem] as const] : [];
  }),
);

/** Every stem a marker of a secret field can have. */
export const secretFieldStems: readonly string[] = [...new Set([...secretOutputFields, ...secretInputFields].map(({ stem }) => stem))];
