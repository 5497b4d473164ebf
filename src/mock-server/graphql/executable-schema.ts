import { makeExecutableSchema } from '@graphql-tools/schema';
import { buildSchema, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { ErrorCode } from '../../schema/error-codes.js';
import { DateTimeScalar } from '../../schema/date-time.js';
import { schemaSdl } from '../../schema/load.js';
import { DomainError } from '../state/errors.js';
import type { GraphQLContext } from './context.js';
import type { Resolvers } from './generated/resolvers-types.js';
import { accountResolvers } from './resolvers/accounts.js';
import { conversationResolvers } from './resolvers/conversations.js';
import { messageResolvers } from './resolvers/messages.js';
import { serviceResolvers } from './resolvers/service.js';
import { uploadResolvers } from './resolvers/uploads.js';
import { workspaceResolvers } from './resolvers/workspaces.js';

const areas: Resolvers[] = [
  serviceResolvers,
  accountResolvers,
  workspaceResolvers,
  conversationResolvers,
  messageResolvers,
  uploadResolvers,
];

type RootResolvers = Record<string, GraphQLFieldResolver<unknown, GraphQLContext>>;

/**
 * Root fields of the contract that the mock does not serve yet answer NOT_IMPLEMENTED with
 * their name, rather than a confusing null or INTERNAL_SERVER_ERROR.
 */
function notImplemented(rootType: 'Query' | 'Mutation', fieldNames: readonly string[], done: RootResolvers): RootResolvers {
  const resolvers: RootResolvers = {};
  for (const name of fieldNames) {
    if (done[name]) continue;
    resolvers[name] = () => {
      throw new DomainError(ErrorCode.NOT_IMPLEMENTED, `${rootType === 'Query' ? 'query' : 'mutation'} ${name} is not implemented by the Parley mock yet`);
    };
  }
  return resolvers;
}

/** The contract with the mock's resolvers attached. */
export function createExecutableSchema(): GraphQLSchema {
  const sdl = schemaSdl();
  const contract = buildSchema(sdl);
  const query: RootResolvers = Object.assign({}, ...areas.map((area) => area.Query ?? {}));
  const mutation: RootResolvers = Object.assign({}, ...areas.map((area) => area.Mutation ?? {}));
  return makeExecutableSchema<GraphQLContext>({
    typeDefs: sdl,
    resolvers: {
      DateTime: DateTimeScalar,
      Query: { ...query, ...notImplemented('Query', Object.keys(contract.getQueryType()!.getFields()), query) },
      Mutation: { ...mutation, ...notImplemented('Mutation', Object.keys(contract.getMutationType()!.getFields()), mutation) },
    },
  });
}
