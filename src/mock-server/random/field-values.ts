import type { Faker } from '@faker-js/faker';

/** A generator of one scalar value. */
export type ValueOf = (faker: Faker) => unknown;

/** Times fall in a fixed window, so no value depends on when the server runs. */
const FROM = Date.UTC(2025, 0, 1);
const TO = Date.UTC(2026, 0, 1);

export const dateTime: ValueOf = (faker) => faker.date.between({ from: FROM, to: TO }).toISOString();
const fullName: ValueOf = (faker) => faker.person.fullName();
const channelTitle: ValueOf = (faker) => `${faker.word.adjective()}-${faker.word.noun()}`.toLowerCase();
const company: ValueOf = (faker) => faker.company.name();
const department: ValueOf = (faker) => faker.commerce.department();
const sentence: ValueOf = (faker) => faker.hacker.phrase();
const token: ValueOf = (faker) => faker.string.alphanumeric(40);
const url: ValueOf = (faker) => `${faker.internet.url({ appendSlash: false })}/${faker.string.alphanumeric(12)}`;
const slug: ValueOf = (faker) => faker.helpers.slugify(faker.company.name().toLowerCase()).replace(/[^a-z0-9]+/g, '-');
const count: ValueOf = (faker) => faker.number.int({ min: 0, max: 60 });
const sequence: ValueOf = (faker) => faker.number.int({ min: 1, max: 5_000 });

/** By the scalar's type name: what a field gets when nothing more specific is known. */
export const scalarValues: Record<string, ValueOf> = {
  ID: (faker) => faker.string.uuid(),
  String: (faker) => faker.lorem.words(2),
  Int: (faker) => faker.number.int({ min: 0, max: 100 }),
  Float: (faker) => faker.number.float({ min: 0, max: 1_000, fractionDigits: 2 }),
  Boolean: (faker) => faker.datatype.boolean(),
  DateTime: dateTime,
};

/** By field name, for fields whose name says what they hold (scalar fields only). */
const byFieldName: Record<string, ValueOf> = {
  email: (faker) => faker.internet.email().toLowerCase(),
  username: (faker) => faker.internet.username().toLowerCase(),
  displayName: fullName,
  uploaderName: fullName,
  senderName: fullName,
  invitedByName: fullName,
  title: channelTitle,
  conversationTitle: channelTitle,
  conversationLabel: channelTitle,
  description: (faker) => faker.company.catchPhrase(),
  slug: (faker) => slug(faker),
  content: sentence,
  snippet: sentence,
  clientMessageId: (faker) => faker.string.uuid(),
  fileName: (faker) => faker.system.fileName(),
  contentType: (faker) => faker.system.mimeType(),
  emoji: (faker) => faker.internet.emoji(),
  jobTitle: (faker) => faker.person.jobTitle(),
  avatarUrl: (faker) => faker.image.avatar(),
  uploaderAvatarUrl: (faker) => faker.image.avatar(),
  iconUrl: (faker) => faker.image.avatar(),
  uploadUrl: url,
  publicUrl: url,
  key: (faker) => faker.string.alphanumeric(24),
  token,
  accessToken: token,
  refreshToken: token,
  endCursor: (faker) => faker.string.alphanumeric(16),
  date: (faker) => faker.date.between({ from: FROM, to: TO }).toISOString().slice(0, 10),
  sequence,
  lastMessageSequence: sequence,
  lastReadSequence: sequence,
  size: (faker) => faker.number.int({ min: 200, max: 20_000_000 }),
  bytes: (faker) => faker.number.int({ min: 0, max: 2_000_000_000 }),
  usedBytes: (faker) => faker.number.int({ min: 0, max: 2_000_000_000 }),
  quotaBytes: () => 5 * 1024 ** 3,
  percent: (faker) => faker.number.float({ min: 0, max: 100, fractionDigits: 1 }),
  membersCount: count,
  memberCount: count,
  count,
  channelCount: count,
  totalCount: count,
  total: count,
  unread: count,
  pendingInvitations: count,
};

/** By `Type.field`, where the name alone is ambiguous (`name`) or the value has a fixed form. */
const byCoordinate: Record<string, ValueOf> = {
  'Workspace.name': company,
  'NotificationWorkspace.name': company,
  'DepartmentView.name': department,
  'DepartmentShare.name': department,
  'MemberDepartmentRef.name': department,
  'FileFolderView.name': (faker) => faker.word.noun(),
  'DirectoryMember.channels': channelTitle,
  'InviteLinkInfo.joinEmailDomains': (faker) => faker.internet.domainName(),
  'Query.health': () => 'ok',
  'Query.generateSlug': (faker) => slug(faker),
  'Query.exportWorkspaceMembersCsv': (faker) =>
    ['name,email,role', ...Array.from({ length: 3 }, () => `${faker.person.fullName()},${faker.internet.email().toLowerCase()},MEMBER`)].join('\n'),
  'Query.attachmentDownloadUrl': url,
  'Query.attachmentPreviewUrl': url,
  'Query.storedFileDownloadUrl': url,
  'Query.storedFilePreviewUrl': url,
  'Query.oauthAuthorizationUrl': url,
  'Mutation.setWorkspaceJoinEmailDomains': (faker) => faker.internet.domainName(),
};

/** The realistic generator for a scalar field (or the items of a scalar list), if its name gives one. */
export function namedValue(typeName: string, fieldName: string): ValueOf | undefined {
  return byCoordinate[`${typeName}.${fieldName}`] ?? byFieldName[fieldName];
}
