import { useEffect } from 'react';

/** What of a Mantine form this hook uses (its values are set and marked as not changed). */
interface FollowingForm<Values> {
  setValues(values: Values): void;
  resetDirty(values: Values): void;
}

/**
 * A form of saved settings follows them whenever they are (re)loaded: the loaded values become the
 * form's, and the form counts as unchanged until the office edits it.
 */
export function useFormFollows<Values>(form: FollowingForm<Values>, loaded: Values | undefined): void {
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (loaded) {
      setValues(loaded);
      resetDirty(loaded);
    }
    // Only a newly loaded answer moves the form; the form's own functions keep their identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
}
