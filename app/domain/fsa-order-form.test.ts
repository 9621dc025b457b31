import { describe, expect, it } from 'vitest'
import {
  computeOrder,
  failedLines,
  lastChange,
  newLine,
  offersActivate,
  ORDER_FORM_MESSAGES,
  orderRequest,
  type OrderContext,
  type OrderParty,
  type RawLine,
} from './fsa-order-form'
import { FSA_ORDER_MESSAGES } from './fsa-order-lines'
import { REMAINDER, type FsaProduct } from './fsa-pricing'
import type { FsaOrderItem } from './fsa-types'

/** The demo contract's products (db/seed-fsa.ts). */
const HFSS: FsaProduct = {
  ansysbpn: 'FSA-HFSS-L',
  ansysproduct: 'Ansys HFSS',
  price30Days: 2_400,
  price90Days: 6_600,
  price1Year: 24_000,
}
const MECH: FsaProduct = {
  ansysbpn: 'FSA-MECH-L',
  ansysproduct: 'Ansys Mechanical Enterprise',
  price7Days: 650,
  price30Days: 2_000,
  price60Days: 3_800,
  price90Days: 5_400,
  price180Days: 10_200,
  price1Year: 19_500,
}
const FLUENT: FsaProduct = {
  ansysbpn: 'FSA-FLU-L',
  ansysproduct: 'Ansys Fluent',
  price30Days: 1_750,
  price180Days: 9_000,
}
const UNPRICED: FsaProduct = { ansysbpn: 'FSA-NONE-L', ansysproduct: 'Ansys Unpriced' }

const TODAY = '2026-06-01'
const ctx = (over: Partial<OrderContext> = {}): OrderContext => ({
  products: [HFSS, MECH, FLUENT, UNPRICED],
  contractStart: '2026-01-01',
  contractEnd: '2026-12-31',
  available: 100_000,
  today: TODAY,
  ...over,
})

const std = (over: Partial<RawLine> = {}): RawLine => ({ ...newLine('standard'), ...over })
const manual = (over: Partial<RawLine> = {}): RawLine => ({ ...newLine('manual'), ...over })
const one = (raw: RawLine, context = ctx()) => computeOrder(context, [raw]).lines[0]

describe('a standard line', () => {
  it('starts on the window’s first day, with the first duration that fits, ending the day before start + days', () => {
    const order = computeOrder(ctx(), [std({ bpn: 'FSA-HFSS-L' })])
    const [line] = order.lines
    expect(order.window).toEqual({ min: TODAY, max: '2026-12-31' })
    expect(line.productName).toBe('Ansys HFSS')
    // 214 days from 2026-06-01 to 2026-12-31: the year does not fit, Remainder comes last.
    expect(line.durations).toEqual([
      { key: '30', label: '30 days' },
      { key: '90', label: '90 days' },
      { key: REMAINDER, label: 'Remainder' },
    ])
    expect(line.raw).toMatchObject({
      startDate: TODAY,
      duration: '30',
      endDate: '2026-06-30',
      unitCost: '2400.00',
      cost: '2400.00',
    })
    expect([line.count, line.unit, line.cost]).toEqual([1, 2_400, 2_400])
    expect(line.errors).toEqual({})
    expect(line.missing).toEqual({})
    expect(order).toMatchObject({ total: 2_400, available: 100_000, ready: true, canAdd: true, balanceLine: null })
  })

  it('starts on the contract start when the contract has not started yet', () => {
    const order = computeOrder(ctx({ contractStart: '2026-07-01' }), [std({ bpn: 'FSA-MECH-L' })])
    expect(order.window).toEqual({ min: '2026-07-01', max: '2026-12-31' })
    expect(order.lines[0].raw).toMatchObject({ startDate: '2026-07-01', duration: '7', endDate: '2026-07-07' })
    expect(order.lines[0].cost).toBe(650)
  })

  it('keeps a typed start and an offered duration, and ends each fixed duration on start + days − 1', () => {
    // 200 days from 2026-06-15 to the contract end: 180 days fit.
    const line = one(std({ bpn: 'FSA-MECH-L', startDate: '2026-06-15', duration: '180', count: '2' }))
    expect(line.raw).toMatchObject({
      startDate: '2026-06-15',
      duration: '180',
      endDate: '2026-12-11',
      cost: '20400.00',
    })
    expect(line.durations.map((d) => d.key)).toEqual(['7', '30', '60', '90', '180', REMAINDER])
  })

  it('falls back to the first duration when the chosen one is not offered from the start', () => {
    // A year from 2026-06-01 would end after the contract.
    const line = one(std({ bpn: 'FSA-HFSS-L', duration: '1y' }))
    expect(line.raw).toMatchObject({ duration: '30', endDate: '2026-06-30' })
    expect(line.cost).toBe(2_400)
  })

  it('prices Remainder as the remaining days over the longest priced duration, ending with the contract', () => {
    const hfss = one(std({ bpn: 'FSA-HFSS-L', duration: REMAINDER }))
    // 214 / 365 × 24,000 = 14,071.2328…
    expect(hfss.raw).toMatchObject({ endDate: '2026-12-31', unitCost: '14071.23', cost: '14071.23' })
    expect(hfss.unit).toBeCloseTo(14_071.2329, 4)
    // 214 / 180 × 9,000
    expect(one(std({ bpn: 'FSA-FLU-L', duration: REMAINDER })).raw).toMatchObject({
      endDate: '2026-12-31',
      cost: '10700.00',
    })
  })

  it('works the cost out from the unrounded unit cost, as the API charges it', () => {
    const line = one(std({ bpn: 'FSA-HFSS-L', duration: REMAINDER, count: '3' }))
    // 3 × 14,071.2328… = 42,213.6986…, not 3 × 14,071.23 = 42,213.69.
    expect(line.raw.cost).toBe('42213.70')
    expect(line.cost).toBe(42_213.7)
    expect(line.raw.unitCost).toBe('14071.23')
  })

  it('multiplies the unit cost by the count', () => {
    const line = one(std({ bpn: 'FSA-HFSS-L', duration: '90', count: '3' }))
    expect([line.count, line.unit, line.cost, line.raw.cost, line.raw.endDate]).toEqual([
      3,
      6_600,
      19_800,
      '19800.00',
      '2026-08-29',
    ])
  })

  it('offers only Remainder on the contract’s last day', () => {
    const line = one(std({ bpn: 'FSA-HFSS-L', startDate: '2026-12-31' }))
    expect(line.durations.map((d) => d.key)).toEqual([REMAINDER])
    // 1 / 365 × 24,000
    expect(line.raw).toMatchObject({ duration: REMAINDER, endDate: '2026-12-31', cost: '65.75' })
    expect(line.errors).toEqual({})
  })

  it('refuses a count that is not a positive whole number, and has no cost then', () => {
    for (const count of ['0', '-1', '1.5', 'two']) {
      const order = computeOrder(ctx(), [std({ bpn: 'FSA-HFSS-L', count })])
      const [line] = order.lines
      expect([count, line.errors.count]).toEqual([count, 'Count should be a positive number.'])
      expect([line.count, line.cost, line.raw.cost]).toEqual([null, null, ''])
      expect([order.ready, order.canAdd]).toEqual([false, false])
    }
  })

  it('counts an empty count as 1', () => {
    const line = one(std({ bpn: 'FSA-HFSS-L', count: '' }))
    expect([line.count, line.cost, line.errors]).toEqual([1, 2_400, {}])
  })

  it('refuses a start before today or after the contract end, with no end date or cost', () => {
    for (const startDate of ['2026-05-31', '2027-01-01', '2026-02-30']) {
      const order = computeOrder(ctx(), [std({ bpn: 'FSA-HFSS-L', startDate, endDate: '2026-12-31' })])
      const [line] = order.lines
      expect([startDate, line.errors]).toEqual([startDate, { startDate: 'Start date is invalid.' }])
      expect([line.raw.endDate, line.cost]).toEqual(['', null])
      expect(order.ready).toBe(false)
    }
    // Today itself is fine.
    expect(one(std({ bpn: 'FSA-HFSS-L', startDate: TODAY })).errors).toEqual({})
  })

  it('says so when the product has no price for any duration', () => {
    const order = computeOrder(ctx(), [std({ bpn: 'FSA-NONE-L' })])
    expect(order.lines[0].errors).toEqual({ duration: ORDER_FORM_MESSAGES.noDuration })
    expect(order.ready).toBe(false)
  })

  it('without a product (none picked, or one the contract does not offer) is incomplete and blocks the order', () => {
    for (const bpn of ['', 'FSA-CFX-L']) {
      const order = computeOrder(ctx(), [std({ bpn: 'FSA-HFSS-L' }), std({ bpn, startDate: '2026-07-01' })])
      const line = order.lines[1]
      expect(line.missing).toEqual({ product: 'Select a product.' })
      expect([line.raw.bpn, line.cost, line.productName]).toEqual(['', null, ''])
      expect(order.lines[0].missing).toEqual({})
      expect([order.ready, order.canAdd]).toEqual([false, false])
    }
  })
})

describe('the order as a whole', () => {
  it('cannot be placed without lines, but a line may be added', () => {
    expect(computeOrder(ctx(), [])).toMatchObject({ ready: false, canAdd: true, total: 0, balanceLine: null })
  })

  it('flags the later copies of a line with the same attributes, not the first', () => {
    const line = std({ bpn: 'FSA-HFSS-L', count: '2' })
    const order = computeOrder(ctx(), [line, { ...line }, { ...line, count: '3' }, { ...line }])
    expect(order.lines.map((l) => l.errors.line)).toEqual([
      undefined,
      'Product with same attributes already exists.',
      undefined,
      'Product with same attributes already exists.',
    ])
    expect([order.ready, order.canAdd]).toEqual([false, false])
  })

  it('does not call lines duplicates when a start or duration differs', () => {
    const a = std({ bpn: 'FSA-HFSS-L' })
    const order = computeOrder(ctx(), [
      a,
      { ...a, startDate: '2026-06-02' },
      { ...a, duration: '90' },
      { ...a, bpn: 'FSA-MECH-L' },
    ])
    expect(order.lines.map((l) => l.errors.line)).toEqual([undefined, undefined, undefined, undefined])
    expect(order.ready).toBe(true)
  })

  it('does not call two lines without a product duplicates', () => {
    const order = computeOrder(ctx(), [std(), std()])
    expect(order.lines.map((l) => l.errors)).toEqual([{}, {}])
    expect(order.lines.map((l) => l.missing)).toEqual([
      { product: 'Select a product.' },
      { product: 'Select a product.' },
    ])
  })

  it('calls manual lines with the same name in any case duplicates', () => {
    const a = manual({ name: 'Consulting', startDate: '2026-07-01', endDate: '2026-07-31', cost: '500' })
    const order = computeOrder(ctx(), [a, { ...a, name: ' consulting ' }])
    expect(order.lines.map((l) => l.errors.line)).toEqual([undefined, FSA_ORDER_MESSAGES.duplicate])
  })

  it('puts the balance refusal on the line changed last, naming the change, and clears it back within the balance', () => {
    const lines = [std({ bpn: 'FSA-HFSS-L' }), std({ bpn: 'FSA-HFSS-L', startDate: '2026-06-02', count: '2' })]
    const over = computeOrder(ctx({ available: 5_000 }), lines, { line: 0, field: 'count' })
    expect(over.total).toBe(7_200)
    expect(over.lines.map((l) => l.errors.line)).toEqual([
      'You do not have sufficient balance for the selected count.',
      undefined,
    ])
    expect(over).toMatchObject({ balanceLine: 0, ready: false, canAdd: false })

    const back = computeOrder(ctx({ available: 5_000 }), [lines[0], { ...lines[1], count: '1' }], {
      line: 1,
      field: 'count',
    })
    expect(back.total).toBe(4_800)
    expect(back.lines.map((l) => l.errors)).toEqual([{}, {}])
    expect(back).toMatchObject({ balanceLine: null, ready: true, canAdd: true })
  })

  it('puts the refusal on the last line, for the product, when nothing is named as changed', () => {
    const lines = [std({ bpn: 'FSA-HFSS-L' }), std({ bpn: 'FSA-MECH-L' })]
    const over = computeOrder(ctx({ available: 3_000 }), lines)
    // 2,400 for 30 days of HFSS and 650 for 7 days of Mechanical.
    expect(over.total).toBe(3_050)
    expect(over.lines.map((l) => l.errors.line)).toEqual([
      undefined,
      'You do not have sufficient balance for the selected product.',
    ])
    expect(over.balanceLine).toBe(1)
  })

  it('takes a total exactly the balance', () => {
    const order = computeOrder(ctx({ available: 2_400 }), [std({ bpn: 'FSA-HFSS-L' })], { line: 0, field: 'product' })
    expect(order).toMatchObject({ total: 2_400, ready: true, balanceLine: null })
    expect(order.lines[0].errors).toEqual({})
  })

  it('shows the service’s reason a previous order of a line failed, and holds the order until it changes', () => {
    const order = computeOrder(ctx(), [std({ bpn: 'FSA-HFSS-L', err: 'The product is not offered.' })])
    expect(order.lines[0].errors).toEqual({ line: 'The product is not offered.' })
    expect(order.ready).toBe(false)
  })
})

describe('a manual line', () => {
  const dated = { name: 'Consulting', startDate: '2026-07-01', endDate: '2026-07-31' }

  it('needs a name, dates and a cost', () => {
    const order = computeOrder(ctx(), [manual()])
    expect(order.lines[0].missing).toEqual({
      name: 'Enter a product name.',
      startDate: FSA_ORDER_MESSAGES.startDate,
      endDate: FSA_ORDER_MESSAGES.endDate,
      cost: ORDER_FORM_MESSAGES.cost,
    })
    expect([order.ready, order.canAdd]).toEqual([false, false])
  })

  it('takes the name trimmed, its dates and the cost typed (thousands commas dropped), with no duration or part number', () => {
    const order = computeOrder(ctx(), [
      manual({ ...dated, name: '  Consulting  ', cost: '1,250.50', bpn: 'X', duration: '30' }),
    ])
    const [line] = order.lines
    expect([line.productName, line.cost, line.unit]).toEqual(['Consulting', 1_250.5, null])
    expect(line.raw).toMatchObject({
      startDate: '2026-07-01',
      endDate: '2026-07-31',
      bpn: '',
      duration: '',
      cost: '1,250.50',
    })
    expect([line.errors, line.missing]).toEqual([{}, {}])
    expect(order).toMatchObject({ total: 1_250.5, ready: true })
  })

  it('refuses a negative or non-numeric cost, and a negative unit cost', () => {
    for (const cost of ['-5', 'abc']) {
      const order = computeOrder(ctx(), [manual({ ...dated, cost })])
      expect([cost, order.lines[0].errors]).toEqual([cost, { cost: 'Cost should be a positive number.' }])
      expect([order.lines[0].cost, order.ready]).toEqual([null, false])
    }
    const line = one(manual({ ...dated, unitCost: '-1', cost: '10' }))
    expect(line.errors.unitCost).toBe('Unit cost should be a positive number.')
    expect(line.unit).toBeNull()
  })

  it('works the cost out from unit cost and count when either changed since it was last worked out', () => {
    const first = one(manual({ ...dated, unitCost: '500', count: '3', cost: '' }))
    expect([first.cost, first.raw.cost, first.raw.basis]).toEqual([1_500, '1500.00', '500|3'])

    // The user types over the cost: unit cost and count are as they were, so the typed cost stays.
    const typed = one({ ...first.raw, cost: '1,400' })
    expect([typed.cost, typed.raw.cost, typed.raw.basis]).toEqual([1_400, '1,400', '500|3'])

    // Then changes the count, or the unit cost: the cost follows again.
    const recount = one({ ...typed.raw, count: '4' })
    expect([recount.cost, recount.raw.cost, recount.raw.basis]).toEqual([2_000, '2000.00', '500|4'])
    const reprice = one({ ...typed.raw, unitCost: '450.5' })
    expect([reprice.cost, reprice.raw.cost, reprice.raw.basis]).toEqual([1_351.5, '1351.50', '450.5|3'])
  })

  it('keeps the typed cost without a unit cost, whatever the count', () => {
    const line = one(manual({ ...dated, count: '2', cost: '300', basis: '|1' }))
    expect([line.cost, line.raw.basis]).toEqual([300, '|2'])
  })

  it('refuses dates outside the window and an end before the start', () => {
    expect(one(manual({ ...dated, startDate: '2026-05-31', cost: '1' })).errors).toEqual({
      startDate: 'Start date is invalid.',
    })
    expect(one(manual({ ...dated, endDate: '2027-01-01', cost: '1' })).errors).toEqual({
      endDate: 'End date is invalid.',
    })
    expect(one(manual({ ...dated, startDate: '2026-07-10', endDate: '2026-07-09', cost: '1' })).errors).toEqual({
      endDate: FSA_ORDER_MESSAGES.endBeforeStart,
    })
    expect(one(manual({ name: 'X', startDate: 'soon', cost: '1' })).errors).toEqual({
      startDate: 'Start date is invalid.',
    })
  })

  it('counts against the balance like any line', () => {
    const order = computeOrder(
      ctx({ available: 3_000 }),
      [std({ bpn: 'FSA-HFSS-L' }), manual({ ...dated, cost: '700' })],
      {
        line: 1,
        field: 'cost',
      },
    )
    expect(order.total).toBe(3_100)
    expect(order.lines[1].errors.line).toBe('You do not have sufficient balance for the entered cost.')
    expect(order.ready).toBe(false)
  })
})

describe('what the user changed last', () => {
  const a = std({ bpn: 'FSA-HFSS-L', startDate: TODAY, duration: '30', endDate: '2026-06-30', count: '1' })
  const b = std({ bpn: 'FSA-MECH-L', startDate: TODAY, duration: '7', endDate: '2026-06-07', count: '1' })

  it('is nothing when nothing changed', () => {
    expect(lastChange([a, b], [a, b])).toBeNull()
    expect(lastChange([], [])).toBeNull()
  })

  it('is the product of a new line', () => {
    expect(lastChange([a], [a, b])).toEqual({ line: 1, field: 'product' })
  })

  it('is the last line that differs, with the field changed', () => {
    expect(lastChange([a, b], [{ ...a, count: '2' }, b])).toEqual({ line: 0, field: 'count' })
    expect(
      lastChange(
        [a, b],
        [
          { ...a, count: '2' },
          { ...b, startDate: '2026-06-05' },
        ],
      ),
    ).toEqual({
      line: 1,
      field: 'startDate',
    })
    expect(lastChange([a, b], [a, { ...b, bpn: 'FSA-FLU-L' }])).toEqual({ line: 1, field: 'product' })
    expect(lastChange([a, b], [a, { ...b, duration: '30' }])).toEqual({ line: 1, field: 'duration' })
    expect(lastChange([a, b], [a, { ...b, endDate: '2026-06-10' }])).toEqual({ line: 1, field: 'duration' })
  })

  it('is the product for a manual name and the cost for a typed cost or unit cost', () => {
    const m = manual({ name: 'Consulting', cost: '100', unitCost: '100' })
    expect(lastChange([m], [{ ...m, name: 'Training' }])).toEqual({ line: 0, field: 'product' })
    expect(lastChange([m], [{ ...m, cost: '200' }])).toEqual({ line: 0, field: 'cost' })
    expect(lastChange([m], [{ ...m, unitCost: '200' }])).toEqual({ line: 0, field: 'cost' })
  })

  it('reads a field the earlier version did not have as empty', () => {
    expect(lastChange([{ bpn: 'FSA-HFSS-L' }], [std({ bpn: 'FSA-HFSS-L', count: '' })])).toBeNull()
    expect(lastChange([{ bpn: 'FSA-HFSS-L' }], [std({ bpn: 'FSA-HFSS-L', count: '2' })])).toEqual({
      line: 0,
      field: 'count',
    })
  })
})

describe('the order for the API', () => {
  const party: OrderParty = {
    customerNumber: '1000001',
    customerName: 'Acme Aerospace',
    contractId: 'ACT-FSA-1',
    orderId: 'ORD-ACME-FSA-2025',
    poNumber: 'PO-ACME-2025-0100',
    currency: 'USD',
    busopsEmails: 'busops@vendor.example',
  }

  it('carries the party and each line’s product, count, dates and cost; a manual line under the manual part number', () => {
    const { lines } = computeOrder(ctx(), [
      std({ bpn: 'FSA-HFSS-L', count: '2' }),
      manual({ name: 'Consulting Day', startDate: '2026-07-01', endDate: '2026-07-31', cost: '1,250.50' }),
    ])
    const body = orderRequest(party, lines)
    expect(body).toEqual({
      ansyshasfsa: true,
      accountid: '1000001',
      customerNumber: '1000001',
      orderid: 'ORD-ACME-FSA-2025',
      fsaID: 'ACT-FSA-1',
      ansyscurrency: 'USD',
      ansysbusopsemails: 'busops@vendor.example',
      products: [
        {
          ansysbpn: 'FSA-HFSS-L',
          ansyscount: 2,
          ansysponum: 'PO-ACME-2025-0100',
          ansysprice: 4_800,
          ansysproduct: 'Ansys HFSS',
          ansysquantity: 2,
          ansystype: 'Lease',
          ansyscurrency: 'USD',
          customerNumber: '1000001',
          customerName: 'Acme Aerospace',
          enddate: '2026-06-30',
          orderid: 'ORD-ACME-FSA-2025',
          startdate: TODAY,
          manualentry: false,
        },
        {
          ansysbpn: 'FSA0030216',
          ansyscount: 1,
          ansysponum: 'PO-ACME-2025-0100',
          ansysprice: 1_250.5,
          ansysproduct: 'Consulting Day',
          ansysquantity: 1,
          ansystype: 'Lease',
          ansyscurrency: 'USD',
          customerNumber: '1000001',
          customerName: 'Acme Aerospace',
          enddate: '2026-07-31',
          orderid: 'ORD-ACME-FSA-2025',
          startdate: '2026-07-01',
          manualentry: true,
          manualProductName: 'Consulting Day',
        },
      ],
    })
    expect('manualProductName' in body.products[0]).toBe(false)
  })
})

describe('the lines again after an order with failures', () => {
  const lines = [
    std({ bpn: 'FSA-HFSS-L' }),
    std({ bpn: 'FSA-MECH-L', err: 'an old reason' }),
    std({ bpn: 'FSA-FLU-L' }),
    manual({ name: 'Consulting' }),
  ]
  const item = (status: FsaOrderItem['status'], err?: string): FsaOrderItem => ({
    status,
    ansysbpn: '',
    startdate: '',
    enddate: '',
    ansysquantity: null,
    ansysprice: null,
    ...(err ? { err } : {}),
  })

  it('keeps only the failed lines, each with the service’s reason (or the general one)', () => {
    const again = failedLines(lines, [
      item('SUCCESS'),
      item('FAILURE', 'No balance.'),
      item('SUCCESS'),
      item('FAILURE'),
    ])
    expect(again).toEqual([
      { ...lines[1], err: 'No balance.' },
      { ...lines[3], err: FSA_ORDER_MESSAGES.someFailed },
    ])
  })

  it('keeps a line the service did not answer for', () => {
    expect(failedLines(lines.slice(0, 2), [item('SUCCESS')])).toEqual([
      { ...lines[1], err: FSA_ORDER_MESSAGES.someFailed },
    ])
    expect(failedLines(lines.slice(0, 1), [item('SUCCESS')])).toEqual([])
  })
})

describe('Order & Activate', () => {
  const s = { raw: std({ bpn: 'FSA-HFSS-L' }) }
  const m = { raw: manual({ name: 'Consulting' }) }

  it('is offered with the activations permission and at least one standard line', () => {
    expect(offersActivate([m, s], true)).toBe(true)
    expect(offersActivate([m, s], false)).toBe(false)
    expect(offersActivate([m, m], true)).toBe(false)
    expect(offersActivate([], true)).toBe(false)
  })
})

describe('dates written exactly, and a line that cannot be priced', () => {
  const ctx = {
    products: [{ ansysbpn: 'FSA-HFSS-L', ansysproduct: 'Ansys HFSS', price30Days: 2_400, price90Days: 6_600 }],
    contractStart: '2026-01-01',
    contractEnd: '2026-12-31',
    available: 100_000,
    today: '2026-06-01',
  }
  const line = (more: Partial<RawLine>): RawLine => ({ ...newLine('standard'), bpn: 'FSA-HFSS-L', ...more })

  it.each(['2026-06-15junk', '2026-06-15T00:00:00Z', ' 2026-06-15'])('refuses the start date %j', (startDate) => {
    const order = computeOrder(ctx, [line({ startDate })])
    expect(order.lines[0].errors.startDate).toBe('Start date is invalid.')
    expect(order.ready).toBe(false)
  })

  it('refuses a manual end date with text after the day', () => {
    const manual = {
      ...newLine('manual'),
      name: 'Training',
      startDate: '2026-06-02',
      endDate: '2026-07-01junk',
      cost: '10',
    }
    const order = computeOrder(ctx, [manual])
    expect(order.lines[0].errors.endDate).toBe('End date is invalid.')
    expect(order.ready).toBe(false)
  })

  it('drops the end date and costs of a line whose product is taken away', () => {
    const priced = computeOrder(ctx, [line({ startDate: '2026-06-15' })]).lines[0].raw
    expect(priced.endDate).toBe('2026-07-14')
    const cleared = computeOrder(ctx, [{ ...priced, bpn: '' }]).lines[0].raw
    expect(cleared).toMatchObject({ bpn: '', endDate: '', unitCost: '', cost: '' })
  })
})
