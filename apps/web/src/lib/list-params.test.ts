import { describe, expect, it } from 'vitest';
import { pageCountOf, parseListParams, searchAndPage, serializeListParams } from './list-params';

const params = (text: string) => new URLSearchParams(text);

describe('parseListParams', () => {
  it('reads the search, page, page size and filters', () => {
    const view = parseListParams(params('q=%20HBX1%20&page=3&pageSize=50&status=Completed'), { filters: { status: 'All' } });
    expect(view).toEqual({ q: 'HBX1', page: 3, pageSize: 50, filters: { status: 'Completed' } });
  });

  it('gives the defaults for an empty address', () => {
    expect(parseListParams(params(''), { filters: { status: 'All' } })).toEqual({
      q: '',
      page: 1,
      pageSize: 10,
      filters: { status: 'All' },
    });
  });

  it('clamps what a hand-edited link may hold', () => {
    for (const page of ['0', '-2', 'abc', '1.5', '']) expect(parseListParams(params(`page=${page}`)).page).toBe(1);
    for (const size of ['7', '1000', 'x', '0']) expect(parseListParams(params(`pageSize=${size}`)).pageSize).toBe(10);
    expect(parseListParams(params('pageSize=20'), { pageSizes: [10, 20] }).pageSize).toBe(20);
    expect(parseListParams(params('pageSize=50'), { pageSizes: [10, 20] }).pageSize).toBe(10);
  });
});

describe('serializeListParams', () => {
  it('leaves defaults out and keeps parameters of others', () => {
    const next = serializeListParams(params('open=7&page=2'), { page: 1 });
    expect(next.toString()).toBe('open=7');
  });

  it('starts a new search, page size or filter at page 1', () => {
    const current = params('q=bag&page=4');
    expect(serializeListParams(current, { q: 'bags ' }).toString()).toBe('q=bags');
    expect(serializeListParams(current, { pageSize: 20 }).toString()).toBe('q=bag&pageSize=20');
    const config = { filters: { status: 'All' } };
    expect(serializeListParams(current, { filters: { status: 'Pending' } }, config).toString()).toBe('q=bag&status=Pending');
    expect(serializeListParams(params('q=bag&page=4&status=Pending'), { filters: { status: 'All' } }, config).toString()).toBe('q=bag');
  });

  it('keeps the page when only the page changes', () => {
    expect(serializeListParams(params('q=bag&page=4'), { page: 5 }).toString()).toBe('q=bag&page=5');
    expect(serializeListParams(params('q=bag&page=4'), { q: 'bag' }).toString()).toBe('q=bag&page=4');
  });

  it('round-trips through parse', () => {
    const config = { filters: { locker: '' } };
    const address = serializeListParams(params(''), { q: 'HBX', filters: { locker: 'HB100001' } }, config);
    expect(parseListParams(address, config)).toEqual({ q: 'HBX', page: 1, pageSize: 10, filters: { locker: 'HB100001' } });
  });
});

describe('searchAndPage', () => {
  const rows = Array.from({ length: 25 }, (_, i) => ({ id: `HBX${i + 1}`, shipper: i % 2 ? 'Amazon' : 'eBay' }));
  const text = (r: (typeof rows)[number]) => `${r.id} ${r.shipper}`;

  it('pages the rows', () => {
    const view = searchAndPage(rows, { q: '', page: 3, pageSize: 10 }, text);
    expect(view.total).toBe(25);
    expect(view.rows.map((r) => r.id)).toEqual(['HBX21', 'HBX22', 'HBX23', 'HBX24', 'HBX25']);
  });

  it('matches every word in any case, and shows the last page past the end', () => {
    const view = searchAndPage(rows, { q: 'amazon hbx1', page: 9, pageSize: 10 }, text);
    expect(view.rows.map((r) => r.id)).toEqual(['HBX10', 'HBX12', 'HBX14', 'HBX16', 'HBX18']);
    expect(view.page).toBe(1);
  });

  it('counts pages', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(21, 10)).toBe(3);
  });
});
