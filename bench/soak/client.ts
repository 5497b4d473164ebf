/**
 * The soak's one attacking client over HTTP: GraphQL POSTs and upload PUTs through fetch, counting
 * every answer with a 5xx status (the figure the soak reports for the attacker).
 */

export interface GraphQLAnswer<T> {
  readonly status: number;
  readonly data: T | null | undefined;
  readonly errors: readonly { readonly message: string; readonly extensions?: { readonly code?: string } }[] | undefined;
}

export class SoakClient {
  /** Answers with a status of 500 or more, and requests that failed without an answer. */
  serverErrors = 0;
  requests = 0;

  constructor(readonly url: string) {}

  get origin(): string {
    return new URL(this.url).origin;
  }

  private count(status: number): void {
    this.requests += 1;
    if (status >= 500) this.serverErrors += 1;
  }

  /** One POST of a GraphQL body (already serialized); a failed request counts as a server error and throws. */
  async postBody<T>(body: string, token?: string): Promise<GraphQLAnswer<T>> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
        body,
      });
    } catch (error) {
      this.count(599);
      throw error;
    }
    this.count(response.status);
    const text = await response.text();
    const parsed = (text.startsWith('{') ? JSON.parse(text) : {}) as { data?: T | null; errors?: GraphQLAnswer<T>['errors'] };
    return { status: response.status, data: parsed.data, errors: parsed.errors };
  }

  post<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GraphQLAnswer<T>> {
    return this.postBody<T>(JSON.stringify({ query, variables }), token);
  }

  /** The data of an operation that must succeed (setting up an attack); throws with its errors otherwise. */
  async ok<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
    const answer = await this.post<T>(query, variables, token);
    if (answer.errors || !answer.data) throw new Error(`${query.slice(0, 60)}: ${answer.status} ${JSON.stringify(answer.errors)}`);
    return answer.data;
  }

  /** A PUT of `body` to an upload URL; resolves with the status (a failed request counts as a server error and resolves 0). */
  async put(uploadUrl: string, body: Uint8Array<ArrayBuffer>, contentType = 'image/png'): Promise<number> {
    try {
      const response = await fetch(uploadUrl, { method: 'PUT', body, headers: { 'content-type': contentType } });
      await response.arrayBuffer();
      this.count(response.status);
      return response.status;
    } catch {
      this.count(599);
      return 0;
    }
  }

  async login(email: string, password: string): Promise<string> {
    const data = await this.ok<{ login: { accessToken: string } }>('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email, password } });
    return data.login.accessToken;
  }

  /** A brand-new account (the mock lets an account log in before its address is verified); its access token. */
  async register(name: string): Promise<string> {
    const email = `${name}@example.test`;
    const password = 'correct horse battery';
    await this.ok('mutation($i: RegisterInput!) { register(input: $i) }', { i: { displayName: name, email, password, username: name } });
    return this.login(email, password);
  }

  /** A new upload's key and URL. */
  async createUpload(token: string, scope: 'PUBLIC' | 'PRIVATE' = 'PUBLIC'): Promise<{ key: string; uploadUrl: string }> {
    const data = await this.ok<{ createUploadUrl: { key: string; uploadUrl: string } }>(
      'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { key uploadUrl } }',
      { i: { contentType: 'image/png', scope, fileName: 'soak.png' } },
      token,
    );
    return data.createUploadUrl;
  }

  /** A workspace of the token's user and a private channel in it. */
  async channel(token: string, name: string): Promise<{ workspaceId: string; channelId: string }> {
    const { createWorkspace } = await this.ok<{ createWorkspace: { id: string } }>('mutation($i: CreateWorkspaceInput!) { createWorkspace(input: $i) { id } }', { i: { name, slug: name } }, token);
    const { createChannel } = await this.ok<{ createChannel: { id: string } }>(
      'mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }',
      { i: { workspaceId: createWorkspace.id, title: name, visibility: 'PRIVATE', memberIds: [] } },
      token,
    );
    return { workspaceId: createWorkspace.id, channelId: createChannel.id };
  }

  async send(token: string, conversationId: string, content: string, extra: Record<string, unknown> = {}): Promise<string> {
    const data = await this.ok<{ sendMessage: { id: string } }>(
      'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }',
      { i: { conversationId, clientMessageId: crypto.randomUUID(), content, ...extra } },
      token,
    );
    return data.sendMessage.id;
  }
}
