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

  it('with a step, adds that many entries per commit, then shows later entries at once', async () => {
    let items = ['a', 'b', 'c', 'd', 'e', 'f'];
    const lengths: number[] = [];
    const { result, rerender } = renderHook(() => {
      const shown = useIncrementalList(items, 1, 2);
      lengths.push(shown.length);
      return shown;
    });
    await waitFor(() => expect(result.current).toBe(items));
    // Every commit shows 1, 3, 5 and then all 6 (a render may repeat a length, never skip a step).
    expect([...new Set(lengths)]).toEqual([1, 3, 5, 6]);
    items = [...items, 'g', 'h', 'i'];
    lengths.length = 0;
    rerender();
    expect(lengths).toEqual([9]);
  });

  it.each([
    ['shorter than the first step', ['a'], 2],
    ['exactly the first step', ['a', 'b'], 2],
    ['empty', [], 1],
  ])('a list %s is shown whole at once', (_what, items, first) => {
    const { result } = renderHook(() => useIncrementalList(items, first));
    expect(result.current).toBe(items);
  });

  it('shows at least `first` entries when `first` grows with the items (an answer arriving later)', async () => {
    let items: string[] = [];
    let first = 0;
    const lengths: number[] = [];
    const { result, rerender } = renderHook(() => {
      const shown = useIncrementalList(items, first, 1);
      lengths.push(shown.length);
      return shown;
    });
    items = ['a', 'b', 'c', 'd'];
    first = 2;
    lengths.length = 0;
    rerender();
    expect(lengths[0]).toBe(2);
    await waitFor(() => expect(result.current).toBe(items));
    expect([...new Set(lengths)]).toEqual([2, 3, 4]);
  });
});
