import { badInput, conflict, forbidden, notFound } from '../errors.js';
import { requireId, requireName } from '../input.js';
import type { AreaContext } from '../context.js';
import type { FileTables } from './tables.js';
import type { WorkspaceMemberRecord } from '../workspaces/records.js';
import type { FileFolderRecord } from './records.js';

/** Folder limits. SPEC.md leaves them open; these are the mock's (docs/mock-behaviour.md, "Files"). */
export const folderRules = {
  nameMax: 100,
  /** A folder at the top is at depth 1; a folder may not be created deeper than this. */
  depthMax: 8,
} as const;

/** Names are unique per parent regardless of case (and of Unicode normal form). */
export function folderNameKey(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase('en');
}

/** Guests see only CHANNEL files of their own conversations: the folders of the library are not theirs. */
function requireLibraryMember(member: WorkspaceMemberRecord): void {
  if (member.role === 'GUEST') throw forbidden('guests have no access to the folders of the file library');
}

/**
 * A folder of `workspaceId` named by `folderId` (argument `argument`), or NOT_FOUND (a folder of
 * another workspace is not found either: its id says nothing about this workspace).
 */
export function folderOfWorkspace(tables: FileTables, workspaceId: string, folderId: string, argument: string): FileFolderRecord {
  requireId(folderId, argument);
  const folder = tables.fileFolders.get(folderId);
  if (!folder || folder.workspaceId !== workspaceId) throw notFound(`folder ${folderId} does not exist in this workspace`, argument);
  return folder;
}

/** `fileFolders` and `createFileFolder`: the folders of a workspace's file library. */
export class FileFolders {
  constructor(private readonly ctx: AreaContext<FileTables>) {}

  /** The folder with this id, if there is one: no access check, for showing where a file is filed. */
  find(folderId: string): FileFolderRecord | undefined {
    return this.ctx.tables.fileFolders.get(folderId);
  }

  /**
   * Every folder of the workspace, each parent before its children, siblings by name (ignoring
   * case), so a client builds the tree in one pass. Members other than guests.
   */
  list(workspaceId: string, userId: string): FileFolderRecord[] {
    const { tables } = this.ctx;
    const { member } = this.ctx.access.workspaceOfMember(workspaceId, userId);
    requireLibraryMember(member);
    const children = new Map<string | null, FileFolderRecord[]>();
    for (const folder of tables.fileFolders.values()) {
      if (folder.workspaceId !== workspaceId) continue;
      const siblings = children.get(folder.parentId);
      if (siblings) siblings.push(folder);
      else children.set(folder.parentId, [folder]);
    }
    const ordered: FileFolderRecord[] = [];
    const visit = (parentId: string | null): void => {
      const siblings = children.get(parentId) ?? [];
      siblings.sort((a, b) => compareNames(a.name, b.name) || (a.id < b.id ? -1 : 1));
      for (const folder of siblings) {
        ordered.push(folder);
        visit(folder.id);
      }
    };
    visit(null);
    return ordered;
  }

  /** Members other than guests create folders, at the top or inside a folder of the same workspace. */
  create(workspaceId: string, name: string, parentId: string | null | undefined, userId: string): FileFolderRecord {
    const { tables } = this.ctx;
    const { member } = this.ctx.access.workspaceOfMember(workspaceId, userId);
    requireLibraryMember(member);
    const checkedName = requireName(name, 'name', { max: folderRules.nameMax });
    if (/[/\\]/.test(checkedName)) throw badInput('name must not contain / or \\', 'name');
    const parent = parentId == null ? null : folderOfWorkspace(tables, workspaceId, parentId, 'parentId');
    if (parent && depthOf(tables, parent) >= folderRules.depthMax) {
      throw badInput(`folders nest at most ${folderRules.depthMax} deep`, 'parentId');
    }
    const key = folderNameKey(checkedName);
    for (const folder of tables.fileFolders.values()) {
      if (folder.workspaceId === workspaceId && folder.parentId === (parent?.id ?? null) && folderNameKey(folder.name) === key) {
        throw conflict(`a folder named ${JSON.stringify(folder.name)} already exists here`, 'name');
      }
    }
    const folder: FileFolderRecord = {
      id: this.ctx.ids(),
      workspaceId,
      name: checkedName,
      parentId: parent?.id ?? null,
      createdBy: userId,
      createdAt: this.ctx.clock.now(),
    };
    tables.fileFolders.set(folder.id, folder);
    return folder;
  }
}

function depthOf(tables: FileTables, folder: FileFolderRecord): number {
  let depth = 1;
  for (let parentId = folder.parentId; parentId !== null; parentId = tables.fileFolders.get(parentId)?.parentId ?? null) depth++;
  return depth;
}

function compareNames(a: string, b: string): number {
  const left = folderNameKey(a);
  const right = folderNameKey(b);
  return left < right ? -1 : left > right ? 1 : 0;
}
