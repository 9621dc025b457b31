/** The signed-in user, the customer accounts the user may see, and the service's own facts. */
import { z } from 'zod'
import { EXPORT_STATUS_FIELD } from '../../app/domain/product'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { declareCall, replyObject } from './define'
import { declareList } from './lists'

const TAG = 'Accounts'

/** 0 for no, 1 for yes. */
const flag = () => z.number().int().min(0).max(1)

export const userDetails = replyObject({
  email: z.string(),
  name: z.string(),
  /** `user` first, then the user's global roles. */
  roles: z.array(z.string()),
})

export const accountInfo = replyObject({
  customerNumber: z.string(),
  customerName: z.string(),
  isPortalView: flag(),
  isPortalEdit: flag(),
  isAsc: flag(),
  isFNPLicenseGenerator: flag(),
  isAccessDisabled: flag(),
  isSalesAccess: flag(),
  isSales: flag(),
  hasSSL: flag(),
  hasSharedLicense: flag(),
  hasNamedLicense: flag(),
  hasFSA: flag(),
  hasElastic: flag(),
  orgType: z.string(),
  supportEmail: z.string(),
  [EXPORT_STATUS_FIELD]: z.string(),
})

export const accountCalls = {
  getUserDetails: declareCall({
    method: 'GET',
    path: '/getUserDetails',
    tag: TAG,
    summary: 'The signed-in user: e-mail, name and roles',
    access: 'read',
    caller: 'user',
    input: z.object({}),
    reply: userDetails,
  }),
  accounts: declareList({
    path: '/getaccounts',
    tag: TAG,
    rows: 'customer accounts the user may see',
    row: replyObject({ AccountID: z.string(), AccountName: z.string() }),
    caller: 'user',
  }),
  getAccountInfo: declareCall({
    method: 'GET',
    path: '/getaccountinfo/:customerNumber',
    tag: TAG,
    summary: 'One customer: its name, type, licence kinds and what the user may do there',
    description:
      'Also answered for a customer under export control: its export-control status is how a client learns to show the export-compliance notice.',
    access: 'read',
    caller: 'customer-reader',
    input: z.object({ customerNumber: customerNumberSchema }),
    reply: accountInfo,
  }),
  environment: declareCall({
    method: 'GET',
    path: '/environment',
    tag: TAG,
    summary: 'The environment the service runs in: dev, uat or prod',
    access: 'read',
    caller: 'user',
    input: z.object({}),
    reply: z.string(),
  }),
  buildInfo: declareCall({
    method: 'GET',
    path: '/getBuildInfo',
    tag: TAG,
    summary: 'The build of the service: name, version, commit and start time',
    access: 'read',
    caller: 'user',
    input: z.object({}),
    reply: z.string(),
  }),
}
