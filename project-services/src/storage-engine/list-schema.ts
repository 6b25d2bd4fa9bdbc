// What the explorer's folder pages read (list-page.ts): each object's folder (its name up to and
// including the last '/', '' at the bucket root) as a stored column in byte order, its size as an
// indexable expression, and one index per sort order, so that a page of a folder holding 100,000
// objects in a bucket of millions is an index range scan, and the folders inside a folder are
// found by one index probe per folder.

export const FOLDER_LISTING_SQL = `create or replace function storage.object_size(metadata jsonb) returns bigint language sql immutable set search_path = '' as $$
  select case when pg_catalog.jsonb_typeof(metadata operator(pg_catalog.->) 'size') operator(pg_catalog.=) 'number'
    then pg_catalog.floor((metadata operator(pg_catalog.->>) 'size')::numeric)::bigint else -1 end
$$;
do $$ begin
  if not exists (select 1 from information_schema.columns where table_schema = 'storage' and table_name = 'objects' and column_name = 'folder') then
    alter table storage.objects add column folder text collate "C" generated always as (regexp_replace(name, '[^/]*$', '')) stored;
  end if;
end $$;
create index if not exists objects_folder_name on storage.objects (bucket_id, folder, name collate "C");
create index if not exists objects_folder_created on storage.objects (bucket_id, folder, created_at, name collate "C");
create index if not exists objects_folder_updated on storage.objects (bucket_id, folder, updated_at, name collate "C");
create index if not exists objects_folder_accessed on storage.objects (bucket_id, folder, last_accessed_at, name collate "C");
create index if not exists objects_folder_size on storage.objects (bucket_id, folder, storage.object_size(metadata), name collate "C");
`;
