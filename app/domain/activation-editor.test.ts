import { describe, expect, it } from 'vitest'
import {
  actionLabels,
  applyOp,
  assignedRows,
  availableRows,
  checkCount,
  draftErrors,
  draftParams,
  EDITOR_TEXTS,
  editorRows,
  EMPTY_DRAFT,
  maintenanceBlocked,
  matchesPicked,
  matchesProduct,
  MAX_TABS,
  openTab,
  operationsFor,
  productChoices,
  progressText,
  readDraft,
  readBorrowable,
  readOp,
  readSaved,
  savedParams,
  withStageUpdate,
  openTabParams,
  closeTabParams,
  labelMatches,
  serverChoices,
  saveBatches,
  showTabs,
  tabsClosable,
  type TabRows,
} from './activation-editor'
import { ACTIVATED_FIELD, AVAILABLE_FIELD, type ActivationRow } from './activation-types'
import { MANUAL_DRAWDOWN_PRODUCT } from './product'

const TODAY = '2026-11-24'

function row(id: string, over: Partial<ActivationRow> = {}): ActivationRow {
  return {
    ActivationId: id,
    ProductName: `Product ${id}`,
    Product: `feature_${id}`,
    LineItemQuantity: 10,
    [ACTIVATED_FIELD]: 0,
    ansysFulfillments: [],
    StartDate: '2026-01-01',
    EndDate: '2027-12-31',
    VersionDate: '2027-12-31',
    LicenseModel: 'Lease',
    IsActivationPermanent: 'false',
    Evaluation: false,
    ansysborrowed: false,
    [AVAILABLE_FIELD]: 10,
    Daemon: 'ansyslmd',
    ...over,
  }
}

const onHost = row('A', { [ACTIVATED_FIELD]: 4, [AVAILABLE_FIELD]: 2 })
const free = row('B', { [AVAILABLE_FIELD]: 3 })
const tab: TabRows = { customerNumber: '1000001', assigned: [onHost], available: [onHost, free] }

describe('the rows a tab lists', () => {
  it('hides expired rows, rows without a remaining day and the manual drawdown, keeps permanent ones', () => {
    const rows = [
      row('ends-today', { EndDate: TODAY }),
      row('ends-tomorrow', { EndDate: '2026-11-25' }),
      row('ended', { EndDate: '2026-11-01' }),
      row('permanent', { EndDate: '', IsActivationPermanent: 'true' }),
      row('drawdown', { ProductName: MANUAL_DRAWDOWN_PRODUCT }),
    ]
    expect(editorRows(rows, TODAY).map((r) => r.ActivationId)).toEqual(['ends-tomorrow', 'permanent'])
  })

  it('splits assigned (activated on the host) from available (a free count)', () => {
    const none = row('C', { [AVAILABLE_FIELD]: 0 })
    expect(assignedRows([onHost, free, none]).map((r) => r.ActivationId)).toEqual(['A'])
    expect(availableRows([onHost, free, none]).map((r) => r.ActivationId)).toEqual(['A', 'B'])
  })

  it('searches product names and activation ids without regard to case', () => {
    expect(matchesProduct({ ProductName: 'Ansys Mechanical', ActivationId: 'X-1' }, 'mechan')).toBe(true)
    expect(matchesProduct({ ProductName: 'Ansys Mechanical', ActivationId: 'ABC-9' }, 'abc')).toBe(true)
    expect(matchesProduct({ ProductName: 'Ansys Mechanical', ActivationId: 'X-1' }, 'fluent')).toBe(false)
    expect(matchesProduct({ ProductName: 'Ansys Mechanical', ActivationId: 'X-1' }, '  ')).toBe(true)
  })
})

describe('the product multi-select', () => {
  it('offers each product once, sorted', () => {
    const rows = [{ ProductName: 'Fluent' }, { ProductName: 'CFX' }, { ProductName: 'Fluent' }]
    expect(productChoices(rows)).toEqual(['CFX', 'Fluent'])
  })

  it('shows every row when nothing is picked (Select All) and only the picked products otherwise', () => {
    expect(matchesPicked({ ProductName: 'CFX' }, [])).toBe(true)
    expect(matchesPicked({ ProductName: 'CFX' }, ['CFX', 'Fluent'])).toBe(true)
    expect(matchesPicked({ ProductName: 'CFX' }, ['Fluent'])).toBe(false)
  })
})

describe('the draft in the URL', () => {
  it('reads and writes remove, add and the counts, ignoring malformed keys', () => {
    const params = new URLSearchParams('remove=1000001:A&remove=bad&add=1000001:B&n.1000001:B=2&add=:x')
    const draft = readDraft(params)
    expect(draft).toEqual({ remove: ['1000001:A'], add: { '1000001:B': '2' } })
    expect(readDraft(new URLSearchParams(draftParams(draft)))).toEqual(draft)
  })

  it('reads the editing operations and refuses unknown ones', () => {
    expect(readOp('remove:1000001:A')).toEqual({ op: 'remove', key: '1000001:A' })
    expect(readOp('add-all:1000001')).toEqual({ op: 'add-all', customerNumber: '1000001' })
    expect(readOp('remove:nokey')).toBeNull()
    expect(readOp('drop:1000001:A')).toBeNull()
    expect(readOp(null)).toBeNull()
  })

  it('removes and undoes a row, all rows of a tab, and adds all available rows, each at a count of 1', () => {
    let draft = applyOp(EMPTY_DRAFT, { op: 'remove', key: '1000001:A' }, [tab])
    expect(draft.remove).toEqual(['1000001:A'])
    draft = applyOp(draft, { op: 'undo', key: '1000001:A' }, [tab])
    expect(draft.remove).toEqual([])
    draft = applyOp(draft, { op: 'remove-all', customerNumber: '1000001' }, [tab])
    expect(draft.remove).toEqual(['1000001:A'])
    draft = applyOp(draft, { op: 'undo-all', customerNumber: '1000001' }, [tab])
    expect(draft.remove).toEqual([])
    draft = applyOp(draft, { op: 'pick', key: '1000001:B' }, [tab])
    expect(draft.add).toEqual({ '1000001:B': '1' })
    draft = applyOp({ ...draft, add: { '1000001:B': '3' } }, { op: 'add-all', customerNumber: '1000001' }, [tab])
    expect(draft.add).toEqual({ '1000001:A': '1', '1000001:B': '3' })
    draft = applyOp(draft, { op: 'unpick', key: '1000001:A' }, [tab])
    expect(draft.add).toEqual({ '1000001:B': '3' })
  })
})

describe('counts', () => {
  it('is between 1 and the available count, with the spec messages', () => {
    expect(checkCount('1', 3)).toBeNull()
    expect(checkCount('3', 3)).toBeNull()
    expect(checkCount('4', 3)).toBe('Maximum is 3.')
    expect(checkCount('0', 3)).toBe('Minimum is 1.')
    expect(checkCount('-2', 3)).toBe('Minimum is 1.')
    expect(checkCount('', 3)).toBe('Minimum is 1.')
    expect(checkCount('1.5', 3)).toBe('Minimum is 1.')
  })

  it('checks every picked row, a row no longer available against 0', () => {
    const draft = { remove: [], add: { '1000001:B': '4', '1000001:A': '2', '1000001:gone': '1' } }
    expect(draftErrors(draft, [tab])).toEqual({ '1000001:B': 'Maximum is 3.', '1000001:gone': 'Maximum is 0.' })
  })
})

describe('what a save sends', () => {
  it('returns the whole count of a removed row and creates the picked counts, per customer', () => {
    const draft = { remove: ['1000001:A', '1000002:A'], add: { '1000001:B': '2', '1000002:B': '1' } }
    expect(operationsFor(draft, tab)).toEqual([
      { id: 'A', count: -4 },
      { id: 'B', count: 2 },
    ])
  })

  it('blocks changes to products whose maintenance has expired', () => {
    const old = row('OLD', { VersionDate: '2026-11-23', EndDate: '', IsActivationPermanent: 'true' })
    const ops = [
      { id: 'OLD', count: 1 },
      { id: 'B', count: 1 },
    ]
    expect(maintenanceBlocked(ops, [old, free], TODAY).map((r) => r.ActivationId)).toEqual(['OLD'])
    expect(maintenanceBlocked(ops, [row('OLD', { VersionDate: TODAY }), free], TODAY)).toEqual([])
  })

  it('labels the buttons by whether anything changed', () => {
    expect(actionLabels(true)).toEqual({ generate: 'Save & Generate', email: 'Save & Email' })
    expect(actionLabels(false)).toEqual({ generate: 'Generate', email: 'Email' })
  })

  it('runs the first batch alone, then batches of 20, and says the progress', () => {
    const ops = Array.from({ length: 42 }, (_, i) => i)
    expect(saveBatches(ops).map((b) => b.length)).toEqual([1, 20, 20, 1])
    expect(saveBatches([])).toEqual([])
    expect(progressText(3, 42)).toBe('(processing 3/42 fulfillments)')
  })

  it('says when a customer has nothing to change', () => {
    expect(EDITOR_TEXTS.nothingToChange('00155d0a1b2c')).toBe(
      'No products will be activated or deactivated on Host ID: 00155d0a1b2c',
    )
  })
})

describe('customer tabs', () => {
  it('show for more than one account, at most five, closable while more than one is open', () => {
    expect(showTabs(1)).toBe(false)
    expect(showTabs(2)).toBe(true)
    const five = ['1', '2', '3', '4', '5']
    expect(openTab(five, '6')).toEqual(five)
    expect(MAX_TABS).toBe(5)
    expect(openTab(['1'], '1')).toEqual(['1'])
    expect(openTab(['1'], '2')).toEqual(['1', '2'])
    expect(tabsClosable(['1'])).toBe(false)
    expect(tabsClosable(['1', '2'])).toBe(true)
  })
})

describe('the address a save lands on', () => {
  const stages = [
    { stage: 'return', text: 'Returning fulfillments...', status: 'done', progress: progressText(2, 2) },
    { stage: 'create', text: 'Creating fulfillments...', status: 'done', progress: progressText(3, 3) },
    { stage: 'group', text: 'Storing shared server group information...', status: 'done' },
  ] as const

  it('reads back every stage as done, with the counts it carried, and the e-mail stage only for Save & Email', () => {
    const params = new URLSearchParams(savedParams('generate', [...stages], 'license_1_aa.lic'))
    const saved = readSaved(params)!
    expect(saved.fileName).toBe('license_1_aa.lic')
    expect(saved.stages.map((s) => s.stage)).toEqual(['return', 'create', 'group', 'generate', 'merge'])
    expect(saved.stages.every((s) => s.status === 'done')).toBe(true)
    expect(saved.stages[1].progress).toBe('(processing 3/3 fulfillments)')
    expect(saved.stages[2].progress).toBeUndefined()
    expect(readSaved(new URLSearchParams('saved=email'))!.stages.at(-1)!.stage).toBe('email')
  })

  it('is not a save without a known mode', () => {
    expect(readSaved(new URLSearchParams('saved=delete'))).toBeNull()
    expect(readSaved(new URLSearchParams(''))).toBeNull()
  })
})

describe('Borrowable', () => {
  it("keeps the host's flag until the form says otherwise, the box's value winning over the hidden 0", () => {
    expect(readBorrowable([], true)).toBe(true)
    expect(readBorrowable([], false)).toBe(false)
    expect(readBorrowable(['0'], true)).toBe(false)
    expect(readBorrowable(['0', '1'], false)).toBe(true)
  })
})

describe('the live progress of a save', () => {
  it('replaces a stage line by its update and keeps the stages in the save order', () => {
    const running = withStageUpdate([], { stage: 'create', text: 'Creating fulfillments...', status: 'running' })
    const first = withStageUpdate(running, {
      stage: 'return',
      text: 'Returning fulfillments...',
      status: 'done',
      progress: '(processing 2/2 fulfillments)',
    })
    const counted = withStageUpdate(first, {
      stage: 'create',
      text: 'Creating fulfillments...',
      status: 'running',
      progress: '(processing 1/21 fulfillments)',
    })
    expect(counted.map((s) => [s.stage, s.status, s.progress])).toEqual([
      ['return', 'done', '(processing 2/2 fulfillments)'],
      ['create', 'running', '(processing 1/21 fulfillments)'],
    ])
  })
})

describe('the Server autocomplete', () => {
  const host = (id: number, state: 'ACTIVE' | 'INACTIVE' | 'UNKNOWN', name: string) => ({
    id,
    name,
    state,
    serverId: '00155d0a1b2c',
    serverIdType: 'ETHERNET',
    portNumber: 1055,
    triad: false,
    ansysborrowable: false,
    customers: [],
  })

  it('offers every host that is not inactive, by its label', () => {
    expect(
      serverChoices([host(1, 'ACTIVE', 'lic01'), host(2, 'INACTIVE', 'old'), host(3, 'UNKNOWN', 'lic03')]),
    ).toEqual([
      { id: 1, label: 'lic01 (MAC_ADDRESS=00155d0a1b2c)' },
      { id: 3, label: 'lic03 (MAC_ADDRESS=00155d0a1b2c)' },
    ])
  })

  it('matches a part of the label whatever the case, and everything for an empty search', () => {
    expect(labelMatches('lic01 (MAC_ADDRESS=00155d0a1b2c)', ' 0A1B ')).toBe(true)
    expect(labelMatches('lic01 (MAC_ADDRESS=00155d0a1b2c)', 'lic02')).toBe(false)
    expect(labelMatches('lic01 (MAC_ADDRESS=00155d0a1b2c)', '')).toBe(true)
  })
})

describe('opening and closing customer tabs in the address', () => {
  const base: [string, string][] = [
    ['customer', '1000002'],
    ['id', '7'],
    ['tabs', '1000003'],
    ['remove', '1000003:A-1'],
    ['add', '1000002:B-1'],
    ['n.1000002:B-1', '2'],
    ['add', '1000003:C-1'],
    ['n.1000003:C-1', '1'],
  ]

  it('opens a tab beside the others and shows it, keeping the draft', () => {
    const next = new URLSearchParams(openTabParams(base, ['1000003'], '1000005'))
    expect(next.get('tabs')).toBe('1000003,1000005')
    expect(next.get('tab')).toBe('1000005')
    expect(next.getAll('add')).toEqual(['1000002:B-1', '1000003:C-1'])
  })

  it('opens no sixth tab, and shows an open one again without adding it twice', () => {
    const five = ['1', '2', '3', '4']
    expect(new URLSearchParams(openTabParams(base, five, '9')).get('tabs')).toBe('1,2,3,4,9')
    expect(new URLSearchParams(openTabParams(base, ['1', '2', '3', '4', '5'], '9')).get('tabs')).toBe('1,2,3,4,5')
    expect(new URLSearchParams(openTabParams(base, ['1000003'], '1000003')).get('tabs')).toBe('1000003')
  })

  it("closes a tab with its customer's draft, and shows the selected customer's", () => {
    const next = new URLSearchParams(closeTabParams([...base, ['tab', '1000003']], ['1000003'], '1000003'))
    expect(next.get('tabs')).toBeNull()
    expect(next.get('tab')).toBeNull()
    expect(next.getAll('remove')).toEqual([])
    expect(next.getAll('add')).toEqual(['1000002:B-1'])
    expect([...next.keys()].filter((k) => k.startsWith('n.'))).toEqual(['n.1000002:B-1'])
  })
})
