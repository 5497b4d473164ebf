import type { UserRecord } from '../accounts/records.js';
import type { Users } from '../accounts/users.js';
import { conflict, notFound } from '../errors.js';
import { requireId, requireName, requireText } from '../input.js';
import type { AreaContext } from '../context.js';
import type { WorkspaceTables } from './tables.js';
import { directoryManager, directoryReader, humanOrder } from './directory-access.js';
import type { DepartmentRecord, WorkspaceMemberRecord, WorkspaceRecord } from './records.js';

/** Input rules for departments: the mock's choices, SPEC.md gives signatures only. */
export const departmentRules = { nameMax: 60, descriptionMax: 250 } as const;

/** What `createDepartment` and `updateDepartment` take (`DepartmentInput`). */
export interface DepartmentInput {
  readonly name: string;
  readonly description?: string | null;
  readonly leadUserId?: string | null;
}

/** A department with what its view shows besides the record. */
export interface DepartmentListing {
  readonly department: DepartmentRecord;
  readonly lead: UserRecord | null;
  readonly memberCount: number;
}

/**
 * Departments of a workspace, and which department each member is in.
 *
 * One invariant keeps `lead` and `isDepartmentLead` honest: a department's lead is always a
 * member of that department. Naming a lead moves them into it; moving a lead out of their
 * department (or removing them from the workspace) leaves that department without a lead.
 */
export class Departments {
  constructor(
    private readonly ctx: AreaContext<WorkspaceTables>,
    private readonly users: Users,
  ) {}

  /** `departments`: every department of the workspace, by name; for non-guest members. */
  list(workspaceId: string, userId: string): DepartmentListing[] {
    const { workspace } = directoryReader(this.ctx.access, workspaceId, userId);
    return this.inWorkspace(workspace.id).map((department) => this.listing(workspace, department));
  }

  /** `createDepartment`: owners and admins. */
  create(workspaceId: string, input: DepartmentInput, userId: string): DepartmentListing {
    const { workspace } = directoryManager(this.ctx.access, workspaceId, userId, 'create departments');
    const fields = this.checkInput(workspace, input, null);
    const department: DepartmentRecord = {
      id: this.ctx.ids(),
      workspaceId: workspace.id,
      name: fields.name,
      description: fields.description,
      leadUserId: null,
      createdAt: this.ctx.clock.now(),
    };
    this.ctx.tables.departments.set(department.id, department);
    this.setLead(workspace, department, fields.leadUserId);
    return this.listing(workspace, department);
  }

  /**
   * `updateDepartment`: owners and admins. `DepartmentInput` is the whole department, so an
   * update replaces all three fields: a description or lead left out (or null) is cleared.
   */
  update(workspaceId: string, id: string, input: DepartmentInput, userId: string): DepartmentListing {
    const { workspace } = directoryManager(this.ctx.access, workspaceId, userId, 'change departments');
    requireId(id, 'id');
    const fields = this.checkInput(workspace, input, id);
    const department = this.find(workspace, id, 'id');
    this.ctx.tables.departments.update(department.id, (draft) => {
      draft.name = fields.name;
      draft.description = fields.description;
    });
    this.setLead(workspace, department, fields.leadUserId);
    return this.listing(workspace, department);
  }

  /** `deleteDepartment`: owners and admins; its members are left without a department. */
  delete(workspaceId: string, id: string, userId: string): string {
    const { workspace } = directoryManager(this.ctx.access, workspaceId, userId, 'delete departments');
    requireId(id, 'id');
    const department = this.find(workspace, id, 'id');
    for (const member of workspace.members.values()) {
      if (member.departmentId !== department.id) continue;
      workspace.members.update(member.userId, (draft) => {
        draft.departmentId = null;
      });
    }
    this.ctx.tables.departments.delete(department.id);
    return department.id;
  }

  /**
   * `assignMemberDepartment`: owners and admins put any member (themselves and the owner too: a
   * department is a place in the organisation, not a privilege) into a department, or into none
   * with a null `departmentId`. Assigning the department a member already has changes nothing.
   */
  assign(workspaceId: string, memberId: string, departmentId: string | null | undefined, userId: string): WorkspaceMemberRecord {
    const { workspace } = directoryManager(this.ctx.access, workspaceId, userId, 'assign departments');
    requireId(memberId, 'userId');
    if (departmentId != null) requireId(departmentId, 'departmentId');
    const member = workspace.members.get(memberId);
    if (!member) throw notFound(`user ${memberId} is not a member of workspace ${workspace.id}`, 'userId');
    const department = departmentId == null ? null : this.find(workspace, departmentId, 'departmentId');
    this.move(workspace, member, department?.id ?? null);
    return member;
  }

  /** Departments of a workspace in name order (the order of every list that shows them). */
  inWorkspace(workspaceId: string): DepartmentRecord[] {
    const found: DepartmentRecord[] = [];
    for (const department of this.ctx.tables.departments.values()) {
      if (department.workspaceId === workspaceId) found.push(department);
    }
    return found.sort((a, b) => humanOrder.compare(a.name, b.name) || a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
  }

  /** The department `member` is in, if any. */
  of(member: WorkspaceMemberRecord): DepartmentRecord | null {
    return member.departmentId === null ? null : (this.ctx.tables.departments.get(member.departmentId) ?? null);
  }

  /** Keeps the lead invariant when someone leaves the workspace: what they led has no lead. */
  memberLeft(workspaceId: string, userId: string): void {
    for (const department of this.ctx.tables.departments.values()) {
      if (department.workspaceId !== workspaceId || department.leadUserId !== userId) continue;
      this.withoutLead(department.id);
    }
  }

  private listing(workspace: WorkspaceRecord, department: DepartmentRecord): DepartmentListing {
    let memberCount = 0;
    for (const member of workspace.members.values()) if (member.departmentId === department.id) memberCount++;
    const lead = department.leadUserId === null ? null : this.users.get(department.leadUserId);
    return { department, lead, memberCount };
  }

  /** A department of this workspace; one of another workspace is as unknown as a made-up id. */
  private find(workspace: WorkspaceRecord, id: string, argument: string): DepartmentRecord {
    const department = this.ctx.tables.departments.get(id);
    if (!department || department.workspaceId !== workspace.id) {
      throw notFound(`department ${id} does not exist in workspace ${workspace.id}`, argument);
    }
    return department;
  }

  /** The input's form first, then the lead it names, then a name collision; `selfId` may keep its own name. */
  private checkInput(workspace: WorkspaceRecord, input: DepartmentInput, selfId: string | null) {
    const name = requireName(input.name, 'input.name', { max: departmentRules.nameMax });
    const description = input.description == null ? '' : requireText(input.description, 'input.description', { min: 0, max: departmentRules.descriptionMax });
    const leadUserId = input.leadUserId == null ? null : requireId(input.leadUserId, 'input.leadUserId');
    if (selfId !== null) this.find(workspace, selfId, 'id');
    if (leadUserId !== null && !workspace.members.has(leadUserId)) {
      throw notFound(`the lead ${leadUserId} is not a member of workspace ${workspace.id}`, 'input.leadUserId');
    }
    const key = nameKey(name);
    for (const other of this.ctx.tables.departments.values()) {
      if (other.workspaceId === workspace.id && other.id !== selfId && nameKey(other.name) === key) {
        throw conflict(`a department named ${JSON.stringify(other.name)} already exists in this workspace`, 'input.name');
      }
    }
    // An empty description is no description: one way to say "none".
    return { name, description: description === '' ? null : description, leadUserId };
  }

  /** Makes `leadUserId` the lead (moving them into the department), or leaves it without one. */
  private setLead(workspace: WorkspaceRecord, department: DepartmentRecord, leadUserId: string | null): void {
    this.ctx.tables.departments.update(department.id, (draft) => {
      draft.leadUserId = leadUserId;
    });
    if (leadUserId !== null) this.move(workspace, workspace.members.get(leadUserId)!, department.id);
  }

  /** Moves a member; a lead who leaves the department they lead takes the lead with them. */
  private move(workspace: WorkspaceRecord, member: WorkspaceMemberRecord, departmentId: string | null): void {
    const from = this.of(member);
    if (from?.id === departmentId) return;
    if (from && from.leadUserId === member.userId) this.withoutLead(from.id);
    workspace.members.update(member.userId, (draft) => {
      draft.departmentId = departmentId;
    });
  }

  private withoutLead(departmentId: string): void {
    this.ctx.tables.departments.update(departmentId, (draft) => {
      draft.leadUserId = null;
    });
  }
}

/** Names are unique without regard to case (and to how an accent is encoded). */
function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
