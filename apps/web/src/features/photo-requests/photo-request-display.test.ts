import { PHOTO_REQUEST_STATUSES } from '@hopbox/contracts/photo-requests';
import { describe, expect, it } from 'vitest';
import { parseListParams } from '@/lib/list-params';
import { PHOTO_REQUESTS_LIST, photoRequestsParamsOf, STATUS_FILTERS } from './photo-request-display';

const asked = (address: string) => photoRequestsParamsOf(parseListParams(new URLSearchParams(address), PHOTO_REQUESTS_LIST));

/** Issue 26: the Photo Requests filter offers In Progress and Rejected, from the lifecycle in contracts. */
describe('the Photo Requests status filter', () => {
  it('offers All and every status of the lifecycle, in its order and words', () => {
    expect(STATUS_FILTERS).toEqual(['All', 'Pending', 'In Progress', 'Completed', 'Rejected', 'Cancelled']);
    expect(STATUS_FILTERS).toHaveLength(PHOTO_REQUEST_STATUSES.length + 1);
  });

  it('asks the server for the status of each choice, and for every status under All', () => {
    expect(asked('status=In+Progress').status).toBe('IN_PROGRESS');
    expect(asked('status=Rejected').status).toBe('REJECTED');
    for (const [i, status] of PHOTO_REQUEST_STATUSES.entries()) {
      expect(asked(`status=${encodeURIComponent(STATUS_FILTERS[i + 1] as string)}`).status).toBe(status);
    }
    expect(asked('').status).toBeUndefined();
    expect(asked('status=All').status).toBeUndefined();
    // An address edited by hand names no status: every status, as the filter then shows All.
    expect(asked('status=Lost').status).toBeUndefined();
  });

  it('asks for the page, page size and search the address holds', () => {
    expect(asked('')).toEqual({ page: 1, pageSize: 10, q: '', status: undefined });
    expect(asked('q=+HBX12+&page=3&pageSize=20&status=Completed')).toEqual({ page: 3, pageSize: 20, q: 'HBX12', status: 'COMPLETED' });
  });
});
