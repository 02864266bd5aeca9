-- Placeholder reserved for issue work (athletes); replaced by its tables.
select 1;
