/** Web licensing's management calls (decision 0028): entitlements, users, groups, assignments, the import. */
import { webCalls as declared, webLists } from '../../api/contract/web'
import type { ApiClient } from './client.server'
import type { FilterRule, PageRequest } from './envelope'

export type { WebEntitlementRow, WebGroupRow, WebImportRow, WebUserRow } from '../../api/contract/web'

const { entitlements, users, groups } = webLists

export function webCalls(api: ApiClient) {
  return {
    entitlements: {
      page: (customerNumber: string, page: PageRequest) => api.send(entitlements.page, { customerNumber, ...page }),
      count: (customerNumber: string, filter?: FilterRule) => api.send(entitlements.count, { customerNumber, filter }),
      distinct: (customerNumber: string, filter: FilterRule | undefined, key: string, limit?: number) =>
        api.send(entitlements.distinct, { customerNumber, filter, key, limit }),
    },
    users: {
      page: (customerNumber: string, page: PageRequest) => api.send(users.page, { customerNumber, ...page }),
      count: (customerNumber: string, filter?: FilterRule) => api.send(users.count, { customerNumber, filter }),
      distinct: (customerNumber: string, filter: FilterRule | undefined, key: string, limit?: number) =>
        api.send(users.distinct, { customerNumber, filter, key, limit }),
    },
    groups: {
      page: (customerNumber: string, page: PageRequest) => api.send(groups.page, { customerNumber, ...page }),
      count: (customerNumber: string, filter?: FilterRule) => api.send(groups.count, { customerNumber, filter }),
      distinct: (customerNumber: string, filter: FilterRule | undefined, key: string, limit?: number) =>
        api.send(groups.distinct, { customerNumber, filter, key, limit }),
    },
    entitlement: (customerNumber: string, activationId: string) =>
      api.send(declared.entitlement, { customerNumber, activationId }),
    user: (customerNumber: string, userId: number) => api.send(declared.user, { customerNumber, userId }),
    group: (customerNumber: string, groupId: number) => api.send(declared.group, { customerNumber, groupId }),

    addUser: (customerNumber: string, user: { email: string; name: string; role: 'member' | 'admin' }) =>
      api.send(declared.addUser, { customerNumber, ...user }),
    changeUser: (customerNumber: string, userId: number, user: { name: string; role: 'member' | 'admin' }) =>
      api.send(declared.changeUser, { customerNumber, userId, ...user }),
    removeUser: (customerNumber: string, userId: number, confirm: boolean) =>
      api.send(declared.removeUser, { customerNumber, userId, confirm }),
    importUsers: (customerNumber: string, csv: string) => api.send(declared.importUsers, { customerNumber, csv }),

    addGroup: (customerNumber: string, name: string, description: string) =>
      api.send(declared.addGroup, { customerNumber, name, description }),
    changeGroup: (customerNumber: string, groupId: number, name: string, description: string) =>
      api.send(declared.changeGroup, { customerNumber, groupId, name, description }),
    removeGroup: (customerNumber: string, groupId: number, confirm: boolean) =>
      api.send(declared.removeGroup, { customerNumber, groupId, confirm }),
    addMembers: (customerNumber: string, groupId: number, emails: string[]) =>
      api.send(declared.addMembers, { customerNumber, groupId, emails }),
    removeMember: (customerNumber: string, groupId: number, userId: number) =>
      api.send(declared.removeMember, { customerNumber, groupId, userId }),

    assignGroup: (customerNumber: string, activationId: string, groupId: number) =>
      api.send(declared.assignGroup, { customerNumber, activationId, groupId }),
    unassignGroup: (customerNumber: string, activationId: string, groupId: number) =>
      api.send(declared.unassignGroup, { customerNumber, activationId, groupId }),
    assignUsers: (customerNumber: string, activationId: string, emails: string[], endDate: string | null) =>
      api.send(declared.assignUsers, { customerNumber, activationId, emails, endDate }),
    unassignUser: (customerNumber: string, activationId: string, userId: number) =>
      api.send(declared.unassignUser, { customerNumber, activationId, userId }),
  }
}
