-- Placeholder reserved for issue work (payments); replaced by its tables.
select 1;
