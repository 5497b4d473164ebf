/**
 * The document a first visit opens with: log in as alice, then look around as her. Run an
 * operation with the ▶ button (it asks which one) or Ctrl-Enter with the cursor inside it.
 */
export const EXAMPLE_QUERY = `# Parley mock: GraphiQL, served offline by the mock itself.
#
# 1. Run "Login" (▶, then pick it). The accessToken it returns is put in the
#    Headers tab below as "Authorization: Bearer ...": every later operation,
#    subscriptions included, runs as alice.
# 2. Run "Me" and "Workspaces".
# 3. Put ids in the Variables tab, e.g. { "workspaceId": "<Acme's id>" } for
#    "Conversations", { "conversationId": "<#general's id>" } for the others.
# 4. Run "MessageCreated" in one tab and "SendMessage" in another: the new
#    message arrives live.
#
# Demo logins: alice, bob, carol, dave @acme.test; password parley-demo.

mutation Login {
  login(input: { email: "alice@acme.test", password: "parley-demo" }) {
    accessToken
    user { id username displayName }
  }
}

query Me {
  me { id username displayName email }
}

query Workspaces {
  workspaces { id name slug }
}

query Conversations($workspaceId: ID!) {
  conversations(workspaceId: $workspaceId, first: 10) {
    nodes { id type title lastMessageSequence }
    hasNextPage
  }
}

query Messages($conversationId: ID!) {
  messages(conversationId: $conversationId, first: 5) {
    nodes { sequence senderId content createdAt }
    endCursor
    hasNextPage
  }
}

mutation SendMessage($conversationId: ID!) {
  sendMessage(input: { conversationId: $conversationId, clientMessageId: "graphiql-1", content: "Hello from GraphiQL" }) {
    id
    sequence
    content
  }
}

subscription MessageCreated($conversationId: ID!) {
  messageCreated(conversationId: $conversationId) { sequence senderId content }
}
`;
