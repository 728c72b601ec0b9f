import { PHOTO_REQUEST_STATUSES, type PhotoRequest } from '@hopbox/contracts/photo-requests';
import { describe, expect, it } from 'vitest';
import { matchesFilter, STATUS_FILTERS } from './photo-request-display';

const request = (status: PhotoRequest['status']) => ({ status }) as PhotoRequest;

/** Issue 26: the Photo Requests filter offers In Progress and Rejected, from the lifecycle in contracts. */
describe('the Photo Requests status filter', () => {
  it('offers All and every status of the lifecycle, in its order and words', () => {
    expect(STATUS_FILTERS).toEqual(['All', 'Pending', 'In Progress', 'Completed', 'Rejected', 'Cancelled']);
    expect(STATUS_FILTERS).toHaveLength(PHOTO_REQUEST_STATUSES.length + 1);
  });

  it('shows under each choice the requests of that status only, and every request under All', () => {
    expect(matchesFilter(request('IN_PROGRESS'), 'In Progress')).toBe(true);
    expect(matchesFilter(request('IN_PROGRESS'), 'Pending')).toBe(false);
    expect(matchesFilter(request('REJECTED'), 'Rejected')).toBe(true);
    expect(matchesFilter(request('REJECTED'), 'Cancelled')).toBe(false);
    for (const status of PHOTO_REQUEST_STATUSES) expect(matchesFilter(request(status), 'All')).toBe(true);
  });
});
