import { useState } from 'react';
import { devGet } from './api.js';
import { IdCell } from './copy-button.js';
import { ErrorLine } from './outcome.js';
import type { FileRow, MemberRow, UserRow, WorkspaceRow } from './types.js';
import { useLoad } from './use-load.js';

function FilesTable({ workspaceId }: { readonly workspaceId: string }) {
  const files = useLoad(() => devGet<{ files: readonly FileRow[] }>('/files', { workspace: workspaceId }), [workspaceId]);
  if (files.error) return <ErrorLine error={files.error} />;
  if (!files.data) return <p>Loading files…</p>;
  if (files.data.files.length === 0) return <p>No files.</p>;
  return (
    <table aria-label="Files">
      <thead>
        <tr>
          <th>Name</th>
          <th>Type</th>
          <th>Bytes</th>
          <th>Id</th>
        </tr>
      </thead>
      <tbody>
        {files.data.files.map((file) => (
          <tr key={file.id}>
            <td>{file.name}</td>
            <td>{file.contentType}</td>
            <td>{file.size}</td>
            <td>
              <IdCell name="fileId" id={file.id} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MembersTable({ workspaceId }: { readonly workspaceId: string }) {
  const members = useLoad(() => devGet<{ members: readonly MemberRow[] }>('/members', { workspace: workspaceId }), [workspaceId]);
  if (members.error) return <ErrorLine error={members.error} />;
  if (!members.data) return <p>Loading members…</p>;
  return (
    <table aria-label="Members">
      <thead>
        <tr>
          <th>User</th>
          <th>Role</th>
          <th>Department</th>
          <th>Id</th>
        </tr>
      </thead>
      <tbody>
        {members.data.members.map((member) => (
          <tr key={member.userId}>
            <td>
              {member.displayName ?? member.userId} {member.username ? `(@${member.username})` : ''}
            </td>
            <td>{member.role}</td>
            <td>{member.department ?? ''}</td>
            <td>
              <IdCell name="userId" id={member.userId} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One workspace of `GET /dev/state`: its conversations (each opens its messages), and on demand
 * its members with roles (`GET /dev/members`) and files (`GET /dev/files`).
 */
export function WorkspaceView({ workspace, users, onOpen }: { readonly workspace: WorkspaceRow; readonly users: ReadonlyMap<string, UserRow>; readonly onOpen: (conversationId: string) => void }) {
  const [shown, setShown] = useState<'members' | 'files' | null>(null);
  const toggle = (what: 'members' | 'files') => setShown((current) => (current === what ? null : what));
  return (
    <section aria-label={`Workspace ${workspace.name}`} className="workspace">
      <h3>
        {workspace.name} <span className="muted">/{workspace.slug}</span> <IdCell name="workspaceId" id={workspace.id} />
      </h3>
      <table aria-label={`Conversations of ${workspace.name}`}>
        <thead>
          <tr>
            <th>Conversation</th>
            <th>Kind</th>
            <th>Members</th>
            <th>Messages</th>
            <th>Id</th>
          </tr>
        </thead>
        <tbody>
          {workspace.conversations.map((conversation) => {
            const title = conversation.title ?? conversation.memberIds.map((id) => users.get(id)?.username ?? id).join(', ');
            return (
              <tr key={conversation.id}>
                <td>
                  <button type="button" className="link" aria-label={`Open ${title}`} onClick={() => onOpen(conversation.id)}>
                    {conversation.type === 'DIRECT' ? title : `#${title}`}
                  </button>
                </td>
                <td>
                  {conversation.type.toLowerCase()}
                  {conversation.visibility ? `, ${conversation.visibility.toLowerCase()}` : ''}
                </td>
                <td>{conversation.memberIds.length}</td>
                <td>{conversation.messageCount}</td>
                <td>
                  <IdCell name="conversationId" id={conversation.id} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="row">
        <button type="button" aria-pressed={shown === 'members'} onClick={() => toggle('members')}>
          Members ({workspace.members.length})
        </button>
        <button type="button" aria-pressed={shown === 'files'} onClick={() => toggle('files')}>
          Files
        </button>
      </div>
      {shown === 'members' ? <MembersTable workspaceId={workspace.id} /> : null}
      {shown === 'files' ? <FilesTable workspaceId={workspace.id} /> : null}
    </section>
  );
}
