import { forbidden } from '../errors.js';
import { pageAfter, type Page } from '../paging.js';
import type { AreaContext } from '../context.js';
import type { ConversationTables } from './tables.js';

import type { ConversationRecord } from './records.js';

/** A public channel as `browseChannels` lists it for one caller. */
export interface ChannelListing {
  readonly id: string;
  readonly channel: ConversationRecord;
  readonly joined: boolean;
}

/** The public channels of a workspace, for members looking for one to join. */
export class ChannelBrowser {
  constructor(private readonly ctx: AreaContext<ConversationTables>) {}

  /**
   * `browseChannels`: the public channels of a workspace, default channels first, then by title
   * (case set aside), paged with an opaque cursor. Members, admins and owners browse; guests see
   * only what they are added to, so they cannot (FORBIDDEN).
   */
  browse(workspaceId: string, userId: string, after: string | null | undefined, first: number): Page<ChannelListing> {
    return browseChannels(this.ctx, workspaceId, userId, after, first);
  }
}

function browseChannels(ctx: AreaContext<ConversationTables>, workspaceId: string, userId: string, after: string | null | undefined, first: number): Page<ChannelListing> {
  const { member } = ctx.access.workspaceOfMember(workspaceId, userId);
  if (member.role === 'GUEST') throw forbidden('guests cannot browse channels: they see the conversations they are added to');
  const channels: ChannelListing[] = [];
  for (const channel of ctx.tables.conversations.values()) {
    if (channel.workspaceId === workspaceId && channel.type === 'CHANNEL' && channel.visibility === 'PUBLIC') {
      channels.push({ id: channel.id, channel, joined: channel.members.has(userId) });
    }
  }
  channels.sort(
    (a, b) =>
      Number(b.channel.isDefault) - Number(a.channel.isDefault) ||
      a.channel.title!.toLowerCase().localeCompare(b.channel.title!.toLowerCase()) ||
      (a.id < b.id ? -1 : 1),
  );
  return pageAfter(channels, after, first);
}
