import { renderHook, waitFor } from '@testing-library/react';
import { useIncrementalList } from './use-incremental-list';

describe('useIncrementalList', () => {
  it('first renders the first entries, then all of them', async () => {
    const items = ['a', 'b', 'c', 'd'];
    const renders: (readonly string[])[] = [];
    const { result } = renderHook(() => {
      const shown = useIncrementalList(items, 1);
      renders.push(shown);
      return shown;
    });
    expect(renders[0]).toEqual(['a']);
    await waitFor(() => expect(result.current).toEqual(['a', 'b', 'c', 'd']));
  });

  it.each([
    ['shorter than the first step', ['a'], 2],
    ['exactly the first step', ['a', 'b'], 2],
    ['empty', [], 1],
  ])('a list %s is shown whole at once', (_what, items, first) => {
    const { result } = renderHook(() => useIncrementalList(items, first));
    expect(result.current).toBe(items);
  });
});
