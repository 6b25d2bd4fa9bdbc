import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useArea, errorMessage } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

// Server state of the database pages: one query per kind of object (per schema where it applies),
// and writes that refresh the lists they change and say what happened.

export type ObjectKind = 'tables' | 'schemas' | 'schema-graph' | 'functions' | 'triggers' | 'extensions' | 'indexes' | 'roles' | 'migrations';

export function useObjects<T>(kind: ObjectKind, load: (api: ReturnType<typeof useArea>['api'], ref: string) => Promise<T>, schema?: string) {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.objects(projectRef, kind, schema), queryFn: () => load(api, projectRef) });
}

/** A write on the database: refreshes the named lists, tells the user, and leaves errors to the caller's form. */
export function useObjectWrite<A, R>(
  write: (api: ReturnType<typeof useArea>['api'], ref: string, args: A) => Promise<R>,
  options: { refresh: ObjectKind[]; success: (result: R, args: A) => string },
) {
  const { api, projectRef, notify } = useArea();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => write(api, projectRef, args),
    onSuccess: async (result, args) => {
      notify({ kind: 'success', message: options.success(result, args) });
      await Promise.all(options.refresh.map((kind) => client.invalidateQueries({ queryKey: keys.objectsOf(projectRef, kind) })));
    },
    onError: (err) => notify({ kind: 'error', message: errorMessage(err) }),
  });
}
